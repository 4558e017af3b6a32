import { defineSource } from '../module';
import { nyLicenseFeed } from './feed';
import { source } from './source';

/** New York OPMC board actions: a state licence adapter (/licenses/*). */
export default defineSource({ source, datasets: [nyLicenseFeed] });
