import type { ParserHead } from '../../publishers/common/lazy';
import type { Located } from '../../publishers/common/types';

/** What the declarations know of the parser without its code (./parser.ts, required on first use). */
export const ZIP_CROSSWALK_PARSER_HEAD: ParserHead = { id: 'hud_usps_zip_crosswalk/xlsx', version: '1' };

/** One (ZIP, county) or (ZIP, CBSA) pair of a HUD USPS ZIP crosswalk file, with HUD's address ratios. */
export interface ZipCrosswalkRecord extends Located {
  zip: string;
  /** `county` (ZIP_COUNTY file: geo_code a 5-digit county FIPS) or `cbsa` (ZIP_CBSA file; 99999 = no CBSA). */
  geo_kind: 'county' | 'cbsa';
  geo_code: string;
  usps_zip_pref_city: string | null;
  usps_zip_pref_state: string | null;
  res_ratio: number;
  bus_ratio: number;
  oth_ratio: number;
  tot_ratio: number;
}
