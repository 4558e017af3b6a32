import { parseNdc, productNdc9 } from '../../codes/ndc';
import { JsonShapeError, streamJsonArray } from '../../formats/json-stream';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import type { RecallRow } from '../../rx/recall-rows';
import { ENFORCEMENT_PARSER_HEAD } from './head';

const ID = ENFORCEMENT_PARSER_HEAD.id;

/** A hyphenated NDC (4-4-2, 5-3-2, 5-4-1, or the billing 5-4-2) standing alone: not inside a longer run of digits and hyphens. */
const HYPHENATED = /(?<![\d-])(\d{4,5}-\d{3,4}-\d{1,2})(?![\d-])/g;
/** An `NDC` mark (`NDC`, `NDC#`, `NDC:`, `NDC No.`, `NDCs`), where unhyphenated codes may follow. */
const MARK = /\bNDCs?\b/i;
const UNHYPHENATED = /(?<![\d-])(\d{10,11})(?![\d-])/g;

/**
 * The NDCs a recall's product description prints, as ndc11, in order of appearance. Hyphenated
 * codes count anywhere (their segment shape is specific enough: a date, a phone number or a lot
 * number does not parse as a configuration); unhyphenated codes only after an `NDC` mark, so a lot,
 * a UPC fragment or a quantity is never read as one: 11 digits are an ndc11, 10 digits cannot be
 * padded without a guess and are kept unresolved.
 */
export function ndcsInText(textValue: string): { ndc11s: string[]; unresolved: string[] } {
  const ndc11s = new Set<string>();
  const unresolved = new Set<string>();
  for (const m of textValue.matchAll(HYPHENATED)) {
    const p = parseNdc(m[1]!);
    if (p.kind === 'ndc11') ndc11s.add(p.ndc11);
  }
  const mark = textValue.search(MARK);
  if (mark >= 0) {
    for (const m of textValue.slice(mark).matchAll(UNHYPHENATED)) {
      const p = parseNdc(m[1]!);
      if (p.kind === 'ndc11') ndc11s.add(p.ndc11);
      else if (p.kind === 'ambiguous') unresolved.add(m[1]!);
    }
  }
  return { ndc11s: [...ndc11s], unresolved: [...unresolved] };
}

const str = (v: unknown): string | null => {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
};
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter((s): s is string => s !== null) : str(v) !== null ? [str(v)!] : [];
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** openFDA's YYYYMMDD dates as YYYY-MM-DD; an ISO date passes; anything else is a format error. */
function isoDate(raw: unknown, field: string, record: number): string | null {
  const s = str(raw);
  if (s === null) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[3]) < 1 || Number(m[3]) > 31)
    throw new PublisherFormatError(ID, record, `${field} ${JSON.stringify(raw)} is not a YYYYMMDD date`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const OPENFDA_LISTS = [
  'brand_name',
  'generic_name',
  'substance_name',
  'manufacturer_name',
  'application_number',
  'product_type',
  'route',
  'rxcui',
  'spl_set_id',
  'unii',
] as const;

function rowOf(r: Record<string, unknown>, record: number): RecallRow {
  const recallNumber = str(r.recall_number);
  if (!recallNumber) throw new PublisherFormatError(ID, record, 'an enforcement report has no recall_number');
  const o = (r.openfda && typeof r.openfda === 'object' ? r.openfda : {}) as Record<string, unknown>;
  const description = str(r.product_description);
  const found = ndcsInText(description ?? '');
  const date = (k: string) => isoDate(r[k], k, record);
  return {
    recall_number: recallNumber,
    event_id: str(r.event_id),
    status: str(r.status),
    classification: str(r.classification),
    report_date: date('report_date'),
    recall_initiation_date: date('recall_initiation_date'),
    center_classification_date: date('center_classification_date'),
    termination_date: date('termination_date'),
    recalling_firm: str(r.recalling_firm),
    address_1: str(r.address_1),
    address_2: str(r.address_2),
    city: str(r.city),
    state: str(r.state),
    postal_code: str(r.postal_code),
    country: str(r.country),
    product_type: str(r.product_type),
    product_description: description,
    product_quantity: str(r.product_quantity),
    code_info: str(r.code_info),
    more_code_info: str(r.more_code_info),
    reason_for_recall: str(r.reason_for_recall),
    distribution_pattern: str(r.distribution_pattern),
    voluntary_mandated: str(r.voluntary_mandated),
    initial_firm_notification: str(r.initial_firm_notification),
    openfda: Object.fromEntries(OPENFDA_LISTS.map((k) => [k, strs(o[k])])) as RecallRow['openfda'],
    ndc11_structured: sorted(
      strs(o.package_ndc).flatMap((c) => {
        const p = parseNdc(c);
        return p.kind === 'ndc11' ? [p.ndc11] : [];
      }),
    ),
    product_ndc9_structured: sorted(strs(o.product_ndc).flatMap((c) => productNdc9(c) ?? [])),
    ndc11_text: found.ndc11s,
    ndc_text_unresolved: found.unresolved,
    locator: { line: record, record },
  };
}

/**
 * openFDA's bulk drug enforcement file (`{meta, results: [...]}`, the one JSON member of
 * drug-enforcement-0001-of-0001.json.zip), streamed one report at a time in bounded memory
 * (shared/formats/json-stream.ts): fields are read by name, so key order and whitespace do not
 * matter. JSON has no record lines: the locator's `line` is the report's position in `results`.
 */
async function* parseEnforcement(input: ByteInput): AsyncGenerator<RecallRow> {
  let record = 0;
  try {
    for await (const e of streamJsonArray(toChunks(input), { path: ['results'] })) {
      record++;
      const o = e.value;
      if (!o || typeof o !== 'object' || Array.isArray(o))
        throw new PublisherFormatError(ID, record, 'a results element is not an object');
      yield rowOf(o as Record<string, unknown>, record);
    }
  } catch (err) {
    if (err instanceof JsonShapeError) throw new PublisherFormatError(ID, record + 1, err.message);
    throw err;
  }
}

export const enforcementParser: PublisherParser<RecallRow> = {
  ...ENFORCEMENT_PARSER_HEAD,
  parse: (input) => parseEnforcement(input),
  codesOf: () => [],
};
