import type { ProviderEnrollmentRow } from '../../providers/enrollment-rows';
import { PublisherFormatError } from '../../publishers/common/errors';
import { headedCsvRows } from '../../publishers/common/headed-csv';
import { at, type HeaderIndex } from '../../publishers/common/header';
import type { PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { PPEF_HEAD } from './head';

const ID = PPEF_HEAD.id;

/**
 * Columns of the PPEF base file (data.cms.gov "Medicare Fee-For-Service Public Provider
 * Enrollment"), read by name: `NPI, MULTIPLE_NPI_FLAG, PECOS_ASCT_CNTL_ID, ENRLMT_ID,
 * PROVIDER_TYPE_CD, PROVIDER_TYPE_DESC, STATE_CD, FIRST_NAME, MDL_NAME, LAST_NAME, ORG_NAME`.
 * Earlier extracts have no MULTIPLE_NPI_FLAG (read as null) and some carry GNDR_SW (ignored).
 */
const COLUMNS = {
  npi: ['NPI'],
  multi: ['MULTIPLE_NPI_FLAG'],
  pac: ['PECOS_ASCT_CNTL_ID'],
  enrl: ['ENRLMT_ID'],
  typeCd: ['PROVIDER_TYPE_CD'],
  typeDesc: ['PROVIDER_TYPE_DESC'],
  state: ['STATE_CD'],
  first: ['FIRST_NAME'],
  middle: ['MDL_NAME'],
  last: ['LAST_NAME'],
  org: ['ORG_NAME'],
} as const;
type Col = keyof typeof COLUMNS;
const REQUIRED: readonly Col[] = ['npi', 'pac', 'enrl'];

function layout(h: HeaderIndex): Record<Col, number> {
  const out = {} as Record<Col, number>;
  for (const [k, names] of Object.entries(COLUMNS) as [Col, readonly string[]][])
    out[k] = REQUIRED.includes(k) ? h.require(...names) : h.find(...names);
  return out;
}

function flag(raw: string | null, line: number): boolean | null {
  if (raw === null) return null;
  const v = raw.toUpperCase();
  if (v === 'Y') return true;
  if (v === 'N') return false;
  throw new PublisherFormatError(ID, line, `MULTIPLE_NPI_FLAG ${JSON.stringify(raw)} is neither Y nor N`);
}

function row(f: string[], p: Record<Col, number>, line: number, record: number): ProviderEnrollmentRow {
  const g = (k: Col) => text(at(f, p[k]));
  const npi = (g('npi') ?? '').replace(/\.0+$/, '');
  if (!/^\d{10}$/.test(npi))
    throw new PublisherFormatError(ID, line, `NPI ${JSON.stringify(g('npi'))} is not 10 digits`);
  return {
    npi,
    pac_id: g('pac'),
    enrollment_id: g('enrl')?.toUpperCase() ?? null,
    multiple_npi: flag(g('multi'), line),
    provider_type_code: g('typeCd'),
    provider_type_desc: g('typeDesc'),
    state: g('state'),
    first_name: g('first'),
    middle_name: g('middle'),
    last_name: g('last'),
    org_name: g('org'),
    locator: { line, record },
  };
}

/**
 * The PPEF base file: one row per Medicare FFS enrollment, with the enrolled NPI, the provider's
 * PAC ID and the enrollment ID. An organization's row gives the NPI of the group that the
 * reassignment list and the DAC file name only by PAC ID and enrollment ID.
 */
export const ppefParser: PublisherParser<ProviderEnrollmentRow> = {
  ...PPEF_HEAD,
  parse: (input, options) => headedCsvRows(input, options, ID, layout, row),
  codesOf: () => [],
};
