import { z } from '@hono/zod-openapi';

/** The catalog dataset of the Part D prescriber-by-drug files (shared/datasets/cms_partd_prescribers). */
export const PARTD_DEMAND_DATASET = 'cms_partd_prescribers';
/** The ZIP crosswalks prescribers are placed through (shared/datasets/hud_usps_zip_crosswalk). */
export const ZIP_CROSSWALK_DATASET = 'hud_usps_zip_crosswalk';
/** The rollups of the demand dataset: one row per (year, state, county, drug) and per (year, CBSA, drug). */
export const DEMAND_ROLLUPS = { county: 'by_county', cbsa: 'by_cbsa' } as const;
/** CMS publishes a prescriber-drug row only from 11 claims; counts from 1 to 10 are blanked. */
export const SUPPRESSION_THRESHOLD = 11;

/**
 * One prescriber-drug row as the catalog stores it: the published record (numbers as published,
 * suppressed counts null with a 0/1 flag the rollups sum) and its placement (`zip5` from the
 * provider registry, `county_fips` and `cbsa` from the ZIP crosswalk, `placed_with` the versions used).
 */
export const PartdDemandRowSchema = z
  .object({
    data_year: z.number().int().nullable(),
    npi: z.string(),
    prescriber_last_org_name: z.string().nullable(),
    prescriber_first_name: z.string().nullable(),
    prescriber_city: z.string().nullable(),
    prescriber_state: z.string().nullable(),
    prescriber_state_fips: z.string().nullable(),
    prescriber_type: z.string().nullable(),
    brnd_name: z.string(),
    gnrc_name: z.string(),
    tot_clms: z.number(),
    tot_30day_fills: z.number().nullable(),
    tot_day_suply: z.number().nullable(),
    tot_drug_cst: z.number().nullable(),
    tot_benes: z.number().nullable(),
    benes_suppressed: z.number().int(),
    ge65_sprsn_flag: z.string().nullable(),
    ge65_tot_clms: z.number().nullable(),
    ge65_tot_30day_fills: z.number().nullable(),
    ge65_tot_drug_cst: z.number().nullable(),
    ge65_tot_day_suply: z.number().nullable(),
    ge65_suppressed: z.number().int(),
    ge65_bene_sprsn_flag: z.string().nullable(),
    ge65_tot_benes: z.number().nullable(),
    ge65_benes_suppressed: z.number().int(),
    zip5: z.string().nullable(),
    county_fips: z.string().nullable(),
    cbsa: z.string().nullable(),
    placement: z.enum(['placed', 'npi_not_in_registry', 'zip_not_in_crosswalk', 'not_placed']),
    placed_with: z.string(),
  })
  .openapi('PartdDemandRow');

export type PartdDemandRow = z.infer<typeof PartdDemandRowSchema> & { locator: { line: number; record: number } };

export const DEMAND_METHODOLOGY = [
  'Source: CMS "Medicare Part D Prescribers - by Provider and Drug" (one row per prescriber NPI, brand name and generic name and data year; final-action Part D prescription drug events of Medicare Advantage and stand-alone drug plans). It omits drugs a prescriber wrote fewer than 11 claims for, Part B and Medicaid drugs, cash and other-payer fills, and prescriptions written in inpatient stays; a data year is published about two years after it ends.',
  "Placement: a prescriber is placed by the practice-location ZIP of its NPPES record (the registry as loaded when the Part D file loaded), and the ZIP in the county and the CBSA holding the largest share of the ZIP's business addresses in HUD's USPS ZIP crosswalk (ties: larger share of all addresses, then lower code). Rows whose NPI or ZIP is not found keep a null county and CBSA (`placement` says why); CBSA 99999 (outside any CBSA) is served as null. The CMS state column is kept as published, so a county row's state is the prescriber's state in the CMS file. Placement and rollups are computed when the file loads; `placed_with` names the registry and crosswalk versions used.",
  'Suppression: CMS blanks beneficiary counts from 1 to 10 and flags the 65-and-over columns (`*` under 11, `#` counter-suppressed). A county or CBSA row sums published values only when every prescriber row it adds had that value published; otherwise the whole sum is null and marked suppressed (never a partial sum). So every published figure is a sum of published cells, and no difference of two published rows (county minus county, CBSA minus county) can reveal a suppressed cell. `tot_benes` sums prescriber-level beneficiary counts: a beneficiary seen by two prescribers is counted twice.',
  'Dollars are gross drug cost as published (ingredient cost, dispensing fee, sales tax and vaccine fee, before rebates). Answers read the release in force on `as_of` (one data year per release).',
].join(' ');
