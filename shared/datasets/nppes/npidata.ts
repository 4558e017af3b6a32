import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { headedCsvRows } from '../../publishers/common/headed-csv';
import { at } from '../../publishers/common/header';
import type { Located, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { type Cols, layout } from './layout';

const ID = 'nppes/npidata-csv';

export interface NppesAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
  telephone: string | null;
  fax: string | null;
}

export interface NppesTaxonomy {
  /** The column suffix, 1-15. */
  slot: number;
  code: string;
  license_number: string | null;
  license_state: string | null;
  /** `Healthcare Provider Primary Taxonomy Switch_n` is `Y`. */
  primary: boolean;
  group: string | null;
}

/**
 * One NPPES npidata record. A deactivated NPI is published with its NPI and deactivation date
 * only, so `entity_type` and the names are null then. Dates are YYYY-MM-DD.
 */
export interface NppesRecord extends Located {
  npi: string;
  entity_type: 'individual' | 'organization' | null;
  replacement_npi: string | null;
  ein: string | null;
  organization_name: string | null;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  name_prefix: string | null;
  name_suffix: string | null;
  credential: string | null;
  other_organization_name: string | null;
  other_last_name: string | null;
  other_first_name: string | null;
  mailing_address: NppesAddress;
  practice_address: NppesAddress;
  enumeration_date: string | null;
  last_update_date: string | null;
  deactivation_reason_code: string | null;
  deactivation_date: string | null;
  reactivation_date: string | null;
  /** `Provider Gender Code` in the older header, `Provider Sex Code` in the newer one. */
  sex_code: string | null;
  authorized_official: { last_name: string | null; first_name: string | null; title: string | null } | null;
  taxonomies: NppesTaxonomy[];
  is_sole_proprietor: string | null;
  is_organization_subpart: string | null;
  parent_organization_lbn: string | null;
  certification_date: string | null;
}

function address(f: string[], a: Cols['mailing']): NppesAddress {
  const g = (p: number) => text(at(f, p));
  return {
    line1: g(a.line1),
    line2: g(a.line2),
    city: g(a.city),
    state: g(a.state),
    postal_code: g(a.postal),
    country_code: g(a.country),
    telephone: g(a.phone),
    fax: g(a.fax),
  };
}

function record(f: string[], c: Cols, line: number, count: number): NppesRecord {
  const g = (p: number) => text(at(f, p));
  const date = (p: number) => parseDate(at(f, p), ID, line);
  const npi = at(f, c.npi).trim();
  if (!/^\d{10}$/.test(npi)) throw new PublisherFormatError(ID, line, `NPI ${JSON.stringify(npi)} is not 10 digits`);
  const entity = g(c.entity);
  if (entity !== null && entity !== '1' && entity !== '2') {
    throw new PublisherFormatError(ID, line, `Entity Type Code ${entity} is not 1 or 2`);
  }
  const taxonomies: NppesTaxonomy[] = [];
  for (const t of c.taxonomies) {
    const code = g(t.code);
    if (!code) continue;
    taxonomies.push({
      slot: t.slot,
      code,
      license_number: g(t.license),
      license_state: g(t.licenseState),
      primary: g(t.primary)?.toUpperCase() === 'Y',
      group: g(t.group),
    });
  }
  const ao = { last_name: g(c.aoLast), first_name: g(c.aoFirst), title: g(c.aoTitle) };
  return {
    npi,
    entity_type: entity === '1' ? 'individual' : entity === '2' ? 'organization' : null,
    replacement_npi: g(c.replacement),
    ein: g(c.ein),
    organization_name: g(c.org),
    last_name: g(c.last),
    first_name: g(c.first),
    middle_name: g(c.middle),
    name_prefix: g(c.prefix),
    name_suffix: g(c.suffix),
    credential: g(c.credential),
    other_organization_name: g(c.otherOrg),
    other_last_name: g(c.otherLast),
    other_first_name: g(c.otherFirst),
    mailing_address: address(f, c.mailing),
    practice_address: address(f, c.practice),
    enumeration_date: date(c.enumeration),
    last_update_date: date(c.lastUpdate),
    deactivation_reason_code: g(c.deactReason),
    deactivation_date: date(c.deactivation),
    reactivation_date: date(c.reactivation),
    sex_code: g(c.sex),
    authorized_official: ao.last_name || ao.first_name ? ao : null,
    taxonomies,
    is_sole_proprietor: g(c.soleProprietor),
    is_organization_subpart: g(c.subpart),
    parent_organization_lbn: g(c.parentLbn),
    certification_date: date(c.certification),
    locator: { line, record: count },
  };
}

/**
 * The NPPES data dissemination file (npidata_pfile_YYYYMMDD-YYYYMMDD.csv, monthly full and weekly
 * incremental): one header row of quoted column names (329 in the classic layout; the parser reads
 * columns by name, so renamed or added columns such as `Provider Sex Code` and `Certification Date`
 * are read too), every value quoted, dates MM/DD/YYYY. The full file is ~10 GB: records stream.
 * Resumable: the header's column names travel in the resume point (the columns are read by name).
 */

export const nppesParser: PublisherParser<NppesRecord> = {
  id: ID,
  version: '1',
  resumable: true,
  parse: (input, options) => headedCsvRows(input, options, ID, layout, record),
  codesOf: () => [],
};
