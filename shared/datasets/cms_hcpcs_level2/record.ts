import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { Located } from '../../publishers/common/types';
import { integer, text } from '../../publishers/common/values';

/**
 * One HCPCS Level II procedure or modifier, with its continuation descriptions joined. Field names
 * follow the CMS record layout (HCPCS2019_recordlayout.txt) and the CSV/XLSX column names
 * (MULT_PI, CIM, MCM, LABCERT, XREF, COV, ASC_GRP, OPPS, BETOS, TOS, ANEST_BU, ADD_DT, ...).
 * Dates are YYYY-MM-DD or null.
 */
export interface HcpcsRecord extends Located {
  kind: 'procedure' | 'modifier';
  /** The procedure code (E0601); null on modifier rows. */
  code: string | null;
  /** The modifier (RR); null on procedure rows. */
  modifier: string | null;
  sequence_number: string;
  long_description: string | null;
  short_description: string | null;
  pricing_indicators: string[];
  multiple_pricing_indicator: string | null;
  cim_references: string[];
  mcm_references: string[];
  statute: string | null;
  lab_certifications: string[];
  cross_references: string[];
  coverage_code: string | null;
  asc_payment_group: string | null;
  asc_effective_date: string | null;
  /** The layout's "MOG payment group" (the CSV's OPPS column). */
  opps_payment_group: string | null;
  opps_payment_indicator: string | null;
  opps_effective_date: string | null;
  processing_note: string | null;
  betos: string | null;
  type_of_service: string[];
  anesthesia_base_units: number | null;
  add_date: string | null;
  action_effective_date: string | null;
  termination_date: string | null;
  action_code: string | null;
  /** Continuation records (record id 4 or 8) folded into this one. */
  continuation_records: number;
}

/** The raw text of one record as either layout delivers it (fixed-width slices or CSV cells). */
export interface RawHcpcs {
  key: string;
  kind: 'procedure' | 'modifier';
  seq: string;
  longParts: string[];
  short: string;
  prices: string[];
  multPi: string;
  cim: string[];
  mcm: string[];
  statute: string;
  labcert: string[];
  xref: string[];
  cov: string;
  ascGrp: string;
  ascDt: string;
  opps: string;
  oppsPi: string;
  oppsDt: string;
  procNote: string;
  betos: string;
  tos: string[];
  anestBu: string;
  addDt: string;
  actEffDt: string;
  termDt: string;
  actionCd: string;
}

const PROCEDURE = /^[A-Z0-9]{5}$/;
const MODIFIER = /^[A-Z0-9]{2}$/;

function list(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

/** Turns raw text into a record; a key that is neither a 5-character code nor a 2-character modifier is a format error. */
export function buildHcpcsRecord(raw: RawHcpcs, parserId: string, line: number, record: number): HcpcsRecord {
  const key = raw.key.trim().toUpperCase();
  if (!(raw.kind === 'procedure' ? PROCEDURE : MODIFIER).test(key)) {
    throw new PublisherFormatError(parserId, line, `not a HCPCS ${raw.kind}: ${JSON.stringify(raw.key)}`);
  }
  const date = (s: string) => parseDate(s, parserId, line);
  const long = raw.longParts.map((p) => p.trim()).filter((p) => p !== '');
  return {
    kind: raw.kind,
    code: raw.kind === 'procedure' ? key : null,
    modifier: raw.kind === 'modifier' ? key : null,
    sequence_number: raw.seq.trim(),
    long_description: long.length > 0 ? long.join(' ') : null,
    short_description: text(raw.short),
    pricing_indicators: list(raw.prices),
    multiple_pricing_indicator: text(raw.multPi),
    cim_references: list(raw.cim),
    mcm_references: list(raw.mcm),
    statute: text(raw.statute),
    lab_certifications: list(raw.labcert),
    cross_references: list(raw.xref),
    coverage_code: text(raw.cov),
    asc_payment_group: text(raw.ascGrp),
    asc_effective_date: date(raw.ascDt),
    opps_payment_group: text(raw.opps),
    opps_payment_indicator: text(raw.oppsPi),
    opps_effective_date: date(raw.oppsDt),
    processing_note: text(raw.procNote),
    betos: text(raw.betos),
    type_of_service: list(raw.tos),
    anesthesia_base_units: integer(raw.anestBu, parserId, line),
    add_date: date(raw.addDt),
    action_effective_date: date(raw.actEffDt),
    termination_date: date(raw.termDt),
    action_code: text(raw.actionCd),
    continuation_records: raw.longParts.length - 1,
    locator: { line, record },
  };
}

/** A procedure record governs its code; modifier records govern no code. */
export function hcpcsCodes(r: HcpcsRecord): readonly string[] {
  return r.code ? [r.code] : [];
}
