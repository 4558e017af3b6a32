import { defineSource } from '../module';
import { waLicenseFeed } from './feed';
import { source } from './source';

/** Washington's credential file: a state licence adapter (/licenses/*). */
export default defineSource({ source, datasets: [waLicenseFeed] });
