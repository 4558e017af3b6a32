import { defineSource } from '../module';
import { coLicenseFeed } from './feed';
import { source } from './source';

/** Colorado DORA licences: a state licence adapter (/licenses/*). */
export default defineSource({ source, datasets: [coLicenseFeed] });
