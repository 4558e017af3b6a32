import type { ChowFacilityType } from '../../companies/chow-rows';
import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the CHOW parsers without their code (./parser.ts, a lazy file). */
export const CHOW_HEADS: Record<ChowFacilityType, ParserHead> = {
  hospital: { id: 'cms_chow/hospital-chow-csv', version: '1' },
  snf: { id: 'cms_chow/snf-chow-csv', version: '1' },
};

/**
 * The CHOW files of data.cms.gov, named by facility type and release: `SNF_CHOW_2022Q1.csv`,
 * `Hospital_CHOW_2025Q1.csv`, or with a release date `Hospital_CHOW_2024.10.01.csv`.
 */
export const CHOW_FILES: Record<ChowFacilityType, RegExp> = {
  hospital: /^Hospital_CHOW_(\d{4})(?:Q([1-4])|[._-](\d{2})[._-](\d{2}))\.csv$/i,
  snf: /^SNF_CHOW_(\d{4})(?:Q([1-4])|[._-](\d{2})[._-](\d{2}))\.csv$/i,
};
