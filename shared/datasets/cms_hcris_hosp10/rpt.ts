import { type HcrisReportRow, hcrisCcn } from '../../hospitals/hcris-rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { lineStartOf, mark } from '../../publishers/common/resume';
import type { ByteInput, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { RPT_PARSER_HEAD } from './head';

const ID = RPT_PARSER_HEAD.id;

/**
 * The RPT table's 18 fields, in the order of CMS's record layout (HCRIS 2552-10 documentation,
 * "HOSP10_RPT"): the file has no header row, so this is the versioned column map, by position.
 */
export const RPT_FIELDS = [
  'RPT_REC_NUM',
  'PRVDR_CTRL_TYPE_CD',
  'PRVDR_NUM',
  'NPI',
  'RPT_STUS_CD',
  'FY_BGN_DT',
  'FY_END_DT',
  'PROC_DT',
  'INITL_RPT_SW',
  'LAST_RPT_SW',
  'TRNSMTL_NUM',
  'FI_NUM',
  'ADR_VNDR_CD',
  'FI_CREAT_DT',
  'UTIL_CD',
  'NPR_DT',
  'SPEC_IND',
  'FI_RCPT_DT',
] as const;
type Field = (typeof RPT_FIELDS)[number];
const POS = Object.fromEntries(RPT_FIELDS.map((f, i) => [f, i])) as Record<Field, number>;

const opt = (s: string | undefined): string | null => {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
};
const yn = (s: string | undefined): boolean | null => {
  const t = (s ?? '').trim().toUpperCase();
  return t === 'Y' ? true : t === 'N' ? false : null;
};

function row(f: string[], line: number, record: number): HcrisReportRow {
  if (f.length !== RPT_FIELDS.length)
    throw new PublisherFormatError(ID, line, `expected ${RPT_FIELDS.length} fields (RPT layout), found ${f.length}`);
  const g = (k: Field) => f[POS[k]]!;
  const rpt = g('RPT_REC_NUM').trim();
  if (!/^\d+$/.test(rpt))
    throw new PublisherFormatError(ID, line, `RPT_REC_NUM ${JSON.stringify(rpt)} is not a number`);
  const ccn = hcrisCcn(g('PRVDR_NUM'));
  if (!ccn) throw new PublisherFormatError(ID, line, `PRVDR_NUM ${JSON.stringify(g('PRVDR_NUM'))} is not a CCN`);
  const status = g('RPT_STUS_CD').trim();
  if (!/^[1-5]$/.test(status))
    throw new PublisherFormatError(ID, line, `RPT_STUS_CD ${JSON.stringify(status)} is not a status code (1-5)`);
  const date = (k: Field) => parseDate(g(k), ID, line);
  return {
    rpt_rec_num: rpt,
    ccn,
    control_type_code: opt(g('PRVDR_CTRL_TYPE_CD')),
    npi: opt(g('NPI')),
    status_code: status,
    period_begin: date('FY_BGN_DT'),
    period_end: date('FY_END_DT'),
    processed_date: date('PROC_DT'),
    initial_report: yn(g('INITL_RPT_SW')),
    last_report: yn(g('LAST_RPT_SW')),
    transmittal: opt(g('TRNSMTL_NUM')),
    fi_number: opt(g('FI_NUM')),
    vendor_code: opt(g('ADR_VNDR_CD')),
    fi_created_date: date('FI_CREAT_DT'),
    util_code: opt(g('UTIL_CD')),
    npr_date: date('NPR_DT'),
    special_indicator: opt(g('SPEC_IND')),
    fi_received_date: date('FI_RCPT_DT'),
    source_row: f,
    locator: { line, record },
  };
}

async function* parseReports(input: ByteInput, options?: ParseOptions): AsyncGenerator<HcrisReportRow> {
  const start = lineStartOf(options?.resumeAt);
  let record = options?.resumeAt?.record ?? 0;
  for await (const rec of csvRecords(input, 'latin1', ID, { start })) {
    if (isBlankRecord(rec.fields)) continue;
    const r = row(rec.fields, rec.line, ++record);
    mark(options?.cursor, rec.end, rec.lastLine, record, { bom: start.bom });
    yield r;
  }
}

/** HOSP10_<year>_RPT.CSV: one cost report a line, no header, dates MM/DD/YYYY. */
export const rptParser: PublisherParser<HcrisReportRow> = {
  ...RPT_PARSER_HEAD,
  resumable: true,
  parse: parseReports,
  codesOf: () => [],
};
