import type { Located } from '../publishers/common/types';

/** The CMS change-of-ownership files (shared/datasets/cms_chow) as the catalog stores them. */
export const CHOW_DATASET = 'cms_chow';

export const CHOW_FACILITY_TYPES = ['hospital', 'snf'] as const;
export type ChowFacilityType = (typeof CHOW_FACILITY_TYPES)[number];

/** One side of a change of ownership as the file names it (PECOS enrollment). */
export interface ChowParty {
  enrollment_id: string | null;
  enrollment_state: string | null;
  provider_type: string | null;
  npi: string | null;
  ccn: string | null;
  associate_id: string | null;
  organization_name: string | null;
  doing_business_as: string | null;
}

/** One row of a CHOW file: a buyer, a seller, the CHOW type and its effective date. */
export interface ChowRow extends Located {
  facility_type: ChowFacilityType;
  /** Unique per file: buyer enrollment, seller enrollment, effective date, record. */
  event_id: string;
  chow_type_code: string | null;
  /** CHOW TYPE TEXT: CHOW, Acquisition/Merger, Consolidation. */
  chow_type: string | null;
  effective_date: string | null;
  buyer: ChowParty;
  seller: ChowParty;
}
