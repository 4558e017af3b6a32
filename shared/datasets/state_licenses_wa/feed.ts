import { stateLicenseFeed } from '../../licenses/adapters';
import { WA_COVERAGE } from './head';
import { waParser } from './source';

/** Feeds the state licence dataset (shared/licenses/dataset.ts) with its coverage record. */
export const waLicenseFeed = stateLicenseFeed(WA_COVERAGE, waParser);
