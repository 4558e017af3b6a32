import { stateLicenseFeed } from '../../providers/licenses/adapters';
import { CO_COVERAGE } from './head';
import { coParser } from './source';

/** Feeds the state licence dataset (shared/providers/licenses/dataset.ts) with its coverage record. */
export const coLicenseFeed = stateLicenseFeed(CO_COVERAGE, coParser);
