import { stateLicenseFeed } from '../../providers/licenses/adapters';
import { NY_COVERAGE } from './head';
import { nyParser } from './source';

/** Feeds the state licence dataset (shared/providers/licenses/dataset.ts) with its coverage record. */
export const nyLicenseFeed = stateLicenseFeed(NY_COVERAGE, nyParser);
