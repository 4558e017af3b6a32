import {
  affiliationFacilityType,
  ccnOf,
  type DacClinician,
  type ProviderLinkRow,
  type PublishedZip,
} from '../../providers/links-rows';
import { PublisherFormatError } from '../../publishers/common/errors';
import { headedCsvRows } from '../../publishers/common/headed-csv';
import { at, type HeaderIndex } from '../../publishers/common/header';
import type { PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { DAC_FACILITY_HEAD, DAC_NATIONAL_HEAD } from './head';

/**
 * Column names of each file across releases (read by name, case and spacing ignored: the 2021
 * national file writes `NPI, Ind_PAC_ID, ...` with a space after every comma). The national file's
 * coded names (`lst_nm`, `Cred`, `pri_spec`, `org_pac_id`, `num_org_mem`, `adrs_id`) were kept
 * until the 2024 re-labelling, which spelled some in words (`Provider Last Name`, `Facility Name`,
 * `ZIP Code`, `Telephone Number`); the first name found wins.
 */
const NATIONAL = {
  npi: ['NPI'],
  indPac: ['Ind_PAC_ID'],
  indEnrl: ['Ind_enrl_ID'],
  last: ['lst_nm', 'Provider Last Name'],
  first: ['frst_nm', 'Provider First Name'],
  middle: ['mid_nm', 'Provider Middle Name'],
  suffix: ['suff'],
  gender: ['gndr', 'gender'],
  cred: ['Cred'],
  school: ['Med_sch'],
  year: ['Grd_yr'],
  primary: ['pri_spec'],
  secondaryAll: ['sec_spec_all'],
  org: ['org_nm', 'Facility Name'],
  orgPac: ['org_pac_id'],
  orgMembers: ['num_org_mem'],
  line1: ['adr_ln_1'],
  line2: ['adr_ln_2'],
  city: ['cty', 'City/Town'],
  state: ['st', 'State'],
  zip: ['zip', 'ZIP Code'],
  phone: ['phn_numbr', 'Telephone Number'],
  indAssgn: ['ind_assgn'],
  grpAssgn: ['grp_assgn'],
  adrsId: ['adrs_id'],
} as const;
const NATIONAL_REQUIRED: readonly (keyof typeof NATIONAL)[] = ['npi', 'last', 'first', 'state'];

const FACILITY = {
  npi: ['NPI'],
  indPac: ['Ind_PAC_ID'],
  last: ['Provider Last Name', 'lst_nm'],
  first: ['Provider First Name', 'frst_nm'],
  type: ['facility_type'],
  ccn: ['facility_afl_ccn', 'Facility Affiliations Certification Number'],
  parent: ['parent_ccn', 'Facility Type Certification Number'],
} as const;
const FACILITY_REQUIRED: readonly (keyof typeof FACILITY)[] = ['npi', 'type', 'ccn'];

type Positions<K extends string> = Record<K, number>;

function positions<M extends Record<string, readonly string[]>>(
  map: M,
  required: readonly (keyof M)[],
  h: HeaderIndex,
): Positions<keyof M & string> {
  const out = {} as Positions<keyof M & string>;
  for (const [k, names] of Object.entries(map)) {
    out[k as keyof M & string] = required.includes(k) ? h.require(...names) : h.find(...names);
  }
  return out;
}

/** A 10-digit NPI, or a format error naming the line (a row without one cannot be placed). */
function npiOf(raw: string, id: string, line: number): string {
  const s = raw.trim();
  if (!/^\d{10}$/.test(s)) throw new PublisherFormatError(id, line, `NPI ${JSON.stringify(raw)} is not 10 digits`);
  return s;
}

/**
 * The ZIP as text, never a number: the publisher writes 9 digits (ZIP+4) or 5. A value of another
 * length (a copy that lost leading zeros, as the 2021 sample's `64844660` for a CT address) is
 * kept as published and gets no 5-digit form: it is never repaired by guessing.
 */
export function zipOf(raw: string): PublishedZip {
  const zip = text(raw);
  if (!zip) return { zip: null, zip5: null };
  return { zip, zip5: /^\d{5}(\d{4})?$/.test(zip) ? zip.slice(0, 5) : null };
}

function yearOf(raw: string): number | null {
  const s = raw.trim();
  return /^\d{4}$/.test(s) ? Number(s) : null;
}

function countOf(raw: string): number | null {
  const s = raw.trim();
  return /^\d+$/.test(s) ? Number(s) : null;
}

/** `hosp_afl_1` ... `hosp_afl_5` with their `hosp_afl_lbn_N` names (releases to 2022). */
function hospitalColumns(h: HeaderIndex): { ccn: number; name: number }[] {
  const out: { ccn: number; name: number }[] = [];
  for (let i = 1; i <= 10; i++) {
    const ccn = h.find(`hosp_afl_${i}`);
    if (ccn < 0) break;
    out.push({ ccn, name: h.find(`hosp_afl_lbn_${i}`) });
  }
  return out;
}

interface NationalLayout {
  p: Positions<keyof typeof NATIONAL>;
  secondary: number[];
  hospitals: { ccn: number; name: number }[];
}

function nationalLayout(h: HeaderIndex): NationalLayout {
  const secondary: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const s = h.find(`sec_spec_${i}`);
    if (s >= 0) secondary.push(s);
  }
  return { p: positions(NATIONAL, NATIONAL_REQUIRED, h), secondary, hospitals: hospitalColumns(h) };
}

function nationalRow(f: string[], l: NationalLayout, line: number, record: number): ProviderLinkRow {
  const id = DAC_NATIONAL_HEAD.id;
  const g = (k: keyof typeof NATIONAL) => text(at(f, l.p[k]));
  const listed = l.secondary.map((i) => text(at(f, i))).filter((x): x is string => !!x);
  const all = (g('secondaryAll') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const clinician: DacClinician = {
    ind_pac_id: g('indPac'),
    ind_enrl_id: g('indEnrl'),
    last_name: g('last'),
    first_name: g('first'),
    middle_name: g('middle'),
    suffix: g('suffix'),
    gender: g('gender'),
    credential: g('cred'),
    medical_school: g('school'),
    graduation_year: yearOf(at(f, l.p.year)),
    primary_specialty: g('primary'),
    secondary_specialties: [...new Set([...listed, ...all])],
    org_name: g('org'),
    org_pac_id: g('orgPac'),
    org_members: countOf(at(f, l.p.orgMembers)),
    address: {
      line_1: g('line1'),
      line_2: g('line2'),
      city: g('city'),
      state: g('state'),
      ...zipOf(at(f, l.p.zip)),
    },
    phone: g('phone'),
    hospital_affiliations: l.hospitals.flatMap((c) => {
      const ccn = ccnOf(at(f, c.ccn));
      return ccn ? [{ ccn, name: text(at(f, c.name)) }] : [];
    }),
    individual_assignment: g('indAssgn'),
    group_assignment: g('grpAssgn'),
    address_id: g('adrsId'),
  };
  return {
    kind: 'clinician',
    npi: npiOf(at(f, l.p.npi), id, line),
    hospital_ccn: null,
    clinician,
    facility: null,
    reassignment: null,
    locator: { line, record },
  };
}

function facilityRow(f: string[], p: Positions<keyof typeof FACILITY>, line: number, record: number): ProviderLinkRow {
  const id = DAC_FACILITY_HEAD.id;
  const g = (k: keyof typeof FACILITY) => text(at(f, p[k]));
  const ccn = ccnOf(g('ccn'));
  if (!ccn) throw new PublisherFormatError(id, line, `facility CCN ${JSON.stringify(g('ccn'))} is not a CCN`);
  const type = affiliationFacilityType(g('type'));
  return {
    kind: 'facility',
    npi: npiOf(at(f, p.npi), id, line),
    hospital_ccn: type === 'hospital' ? ccn : null,
    clinician: null,
    facility: {
      ind_pac_id: g('indPac'),
      last_name: g('last'),
      first_name: g('first'),
      facility_type: type,
      facility_type_published: g('type'),
      ccn,
      parent_ccn: ccnOf(g('parent')),
    },
    reassignment: null,
    locator: { line, record },
  };
}

/**
 * The Doctors and Clinicians national downloadable file (DAC_NationalDownloadableFile.csv): one
 * row per clinician, enrollment, group and address. Rows of one NPI are not adjacent.
 */
export const dacNationalParser: PublisherParser<ProviderLinkRow> = {
  ...DAC_NATIONAL_HEAD,
  parse: (input, options) =>
    headedCsvRows(input, options, DAC_NATIONAL_HEAD.id, nationalLayout, (f, l, line, n) => nationalRow(f, l, line, n)),
  codesOf: () => [],
};

/** The facility-affiliation file (Facility_Affiliation.csv): one row per clinician and facility CCN. */
export const dacFacilityParser: PublisherParser<ProviderLinkRow> = {
  ...DAC_FACILITY_HEAD,
  parse: (input, options) =>
    headedCsvRows(
      input,
      options,
      DAC_FACILITY_HEAD.id,
      (h) => positions(FACILITY, FACILITY_REQUIRED, h),
      (f, p, line, n) => facilityRow(f, p, line, n),
    ),
  codesOf: () => [],
};
