/**
 * The Compendium's files per release, read by header name (case and spacing ignored: copies of the
 * files circulate with upper-case headers). A release's file name gives its year (./source.ts
 * `releaseOf`); the year picks the column map, and the header must hold its required columns (a
 * file of another layout is a format error naming the first missing one). Columns a release adds
 * are read only where its map names them; every column stays in `source_row` as published.
 *
 * Documents followed (fixtures/README.md lists them with their addresses):
 * - system file: the release pages' column groups (2016: A-AF; 2023: A-AL, revised September 2025
 *   to A-AN) and the column lists published readers of the 2018-2021 and 2023 files use;
 * - hospital linkage file: the 2023 file's 28 columns, and the 12 columns readers of every release
 *   from 2016 to 2022 require (identical header for 2016 and 2018, another for 2020-2022).
 */

/** The system file's fields this service reads. */
export type SystemField =
  | 'id'
  | 'name'
  | 'city'
  | 'state'
  | 'hospitals'
  | 'acute_hospitals'
  | 'groups'
  | 'physicians'
  | 'primary_care'
  | 'beds';

/** The linkage file's fields this service reads. */
export type LinkField =
  | 'hospital_id'
  | 'ccn'
  | 'name'
  | 'street'
  | 'city'
  | 'state'
  | 'zip'
  | 'acute'
  | 'sys_id'
  | 'sys_name'
  | 'sys_city'
  | 'sys_state';

export interface Layout<F extends string> {
  /** Stored with each row (`layout`): `<family>@<map version>`. */
  id: string;
  /** Compendium years this map reads. */
  years: readonly number[];
  fields: Readonly<Record<F, readonly string[]>>;
  required: readonly F[];
  /** Columns the release added, which its header must hold (tells a mislabelled file from its layout). */
  markers: readonly string[];
}

const SYSTEM_BASE: Record<SystemField, readonly string[]> = {
  id: ['health_sys_id'],
  name: ['health_sys_name'],
  city: ['health_sys_city'],
  state: ['health_sys_state'],
  hospitals: ['hosp_cnt'],
  acute_hospitals: ['acutehosp_cnt'],
  groups: ['grp_cnt'],
  physicians: ['total_mds'],
  primary_care: ['prim_care_mds'],
  beds: ['sys_beds'],
};
const SYSTEM_REQUIRED: readonly SystemField[] = ['id', 'name', 'city', 'state', 'hospitals'];

/**
 * - `sys-2016`: the 2016 list (AHA and OneKey sources, counts J-R, investor ownership and teaching
 *   S-AA, payment models and insurance AB-AF); the names of the columns read are those of later years.
 * - `sys-2018`: 2018 to 2022 (`in_onekey`, `in_aha`, `onekey_id`, `aha_sysid`, `nh_cnt`, `maj_inv_owned`, ...).
 * - `sys-2023`: 2023 adds nurse practitioner and physician assistant counts, restricted counts,
 *   home health, `sys_ownership` and hospital revenues, and drops `maj_inv_owned`.
 */
export const SYSTEM_LAYOUTS: readonly Layout<SystemField>[] = [
  { id: 'sys-2016@1', years: [2016], fields: SYSTEM_BASE, required: SYSTEM_REQUIRED, markers: [] },
  {
    id: 'sys-2018@1',
    years: [2018, 2019, 2020, 2021, 2022],
    fields: SYSTEM_BASE,
    required: SYSTEM_REQUIRED,
    markers: ['in_onekey', 'in_aha'],
  },
  {
    id: 'sys-2023@1',
    years: [2023],
    fields: SYSTEM_BASE,
    required: SYSTEM_REQUIRED,
    markers: ['in_onekey', 'total_nps', 'sys_ownership'],
  },
];

const LINK_BASE: Record<LinkField, readonly string[]> = {
  hospital_id: ['compendium_hospital_id'],
  ccn: ['ccn'],
  name: ['hospital_name'],
  street: ['hospital_street'],
  city: ['hospital_city'],
  state: ['hospital_state'],
  zip: ['hospital_zip'],
  acute: ['acutehosp_flag'],
  sys_id: ['health_sys_id'],
  sys_name: ['health_sys_name'],
  sys_city: ['health_sys_city'],
  sys_state: ['health_sys_state'],
};
const LINK_REQUIRED: readonly LinkField[] = ['hospital_id', 'ccn', 'name', 'state', 'sys_id', 'sys_name'];

/**
 * - `link-2016`: 2016 and 2018 (one header).
 * - `link-2020`: 2020 to 2022 (another header; the columns read are the same).
 * - `link-2023`: 2023 adds the corporate parent (`corp_parent_id`, `corp_parent_name`,
 *   `corp_parent_type`), hospital characteristics (`hos_beds` ... `hos_ownership`) and revenues.
 */
export const LINK_LAYOUTS: readonly Layout<LinkField>[] = [
  { id: 'link-2016@1', years: [2016, 2017, 2018], fields: LINK_BASE, required: LINK_REQUIRED, markers: [] },
  { id: 'link-2020@1', years: [2019, 2020, 2021, 2022], fields: LINK_BASE, required: LINK_REQUIRED, markers: [] },
  {
    id: 'link-2023@1',
    years: [2023],
    fields: LINK_BASE,
    required: LINK_REQUIRED,
    markers: ['corp_parent_id', 'hos_beds'],
  },
];

/** The map of a year: its own, else the newest map of an earlier year (a new release reads like the last one). */
export function layoutFor<F extends string>(layouts: readonly Layout<F>[], year: number): Layout<F> | null {
  const own = layouts.find((l) => l.years.includes(year));
  if (own) return own;
  const earlier = layouts.filter((l) => Math.min(...l.years) <= year);
  return earlier[earlier.length - 1] ?? null;
}
