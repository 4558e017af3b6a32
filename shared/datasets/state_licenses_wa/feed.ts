import { stateLicenseFeed } from '../../providers/licenses/adapters';
import { WA_COVERAGE } from './head';
import { waParser } from './source';

/** Feeds the state licence dataset (shared/providers/licenses/dataset.ts) with its coverage record. */
export const waLicenseFeed = stateLicenseFeed(WA_COVERAGE, waParser);
