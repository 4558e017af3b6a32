import { JsonShapeError, streamJsonArray } from '../../formats/json-stream';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import type { PriceListRow, PricingFormulaRow } from '../../rx/price-list-rows';
import { FORMULA_PARSER_HEAD, LISTING_PARSER_HEAD } from './head';

const ID = LISTING_PARSER_HEAD.id;
const FORMULA_ID = FORMULA_PARSER_HEAD.id;

/** The fields every listing record carries (CostPlusDrugs/apidocs index.md; the 2022-03-23 example output). */
const REQUIRED = ['medication_name', 'slug', 'unit_price'] as const;
/** `"$1.820"`: a dollar sign, digits, an optional thousands comma, decimals. */
const MONEY = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(\.\d+)?$/;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function dollars(raw: unknown, record: number): number {
  const s = str(raw);
  const m = MONEY.exec(s);
  if (!m) throw new PublisherFormatError(ID, record, `unit_price ${JSON.stringify(raw)} is not a dollar amount`);
  return Number(`${m[1]!.replace(/,/g, '')}${m[2] ?? ''}`);
}

function ndcOf(raw: unknown): Pick<PriceListRow, 'ndc_as_published' | 'ndc11' | 'ndc_reading' | 'ndc_candidate'> {
  const published = str(raw);
  const digits = published.replace(/-/g, '');
  if (!published || !/^\d+$/.test(digits))
    return { ndc_as_published: published || null, ndc11: null, ndc_reading: 'missing', ndc_candidate: null };
  if (digits.length === 11)
    return { ndc_as_published: published, ndc11: digits, ndc_reading: 'ndc11', ndc_candidate: null };
  return {
    ndc_as_published: published,
    ndc11: null,
    ndc_reading: 'short',
    ndc_candidate: digits.length < 11 && digits.length >= 8 ? digits.padStart(11, '0') : null,
  };
}

/**
 * The public API's full listing (`{"results": [...]}`), streamed one record at a time. Fields are
 * read by name; a record without a slug, a name or a unit price is a format error naming its
 * position (JSON has no record lines: the locator's `line` is the record's position in `results`).
 */
async function* parseListing(input: ByteInput): AsyncGenerator<PriceListRow> {
  let record = 0;
  try {
    for await (const e of streamJsonArray(toChunks(input), { path: ['results'] })) {
      record++;
      const o = e.value;
      if (!o || typeof o !== 'object' || Array.isArray(o))
        throw new PublisherFormatError(ID, record, 'a results element is not an object');
      const r = o as Record<string, unknown>;
      for (const k of REQUIRED)
        if (!str(r[k]))
          throw new PublisherFormatError(ID, record, `record has no ${k} (slug ${JSON.stringify(r.slug)})`);
      const slug = str(r.slug);
      yield {
        slug,
        slug_key: slug.toLowerCase(), // rx/price-list-rows.ts slugKey (a type-only import keeps zod out of this lazy file)
        medication_name: str(r.medication_name),
        brand_name: str(r.brand_name) || null,
        form: str(r.form),
        strength: str(r.strength),
        pill_nonpill: str(r.pill_nonpill),
        ...ndcOf(r.ndc),
        unit_price: dollars(r.unit_price, record),
        url: str(r.url) || null,
        source_row: r,
        locator: { line: record, record },
      };
    }
  } catch (err) {
    if (err instanceof JsonShapeError) throw new PublisherFormatError(ID, record + 1, err.message);
    throw err;
  }
  if (record === 0) throw new PublisherFormatError(ID, 1, 'no results: an empty listing is not a snapshot');
}

export const listingParser: PublisherParser<PriceListRow> = {
  ...LISTING_PARSER_HEAD,
  parse: (input) => parseListing(input),
  codesOf: () => [],
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The curated formula table (./pricing-formula.json): `versions`, each checked field by field. */
async function* parseFormula(input: ByteInput): AsyncGenerator<PricingFormulaRow> {
  let record = 0;
  try {
    for await (const e of streamJsonArray(toChunks(input), { path: ['versions'] })) {
      record++;
      const r = e.value as Record<string, unknown>;
      const num = (k: string) => {
        if (typeof r[k] !== 'number') throw new PublisherFormatError(FORMULA_ID, record, `${k} is not a number`);
        return r[k] as number;
      };
      const from = str(r.effective_from);
      const to = r.effective_to === null ? null : str(r.effective_to);
      if (!DATE.test(from) || (to !== null && (!DATE.test(to) || to < from)))
        throw new PublisherFormatError(FORMULA_ID, record, 'effective_from/effective_to are not an ISO window');
      if (!str(r.formula_version) || !Array.isArray(r.citations) || !r.citations.length)
        throw new PublisherFormatError(FORMULA_ID, record, 'a version needs formula_version and citations');
      yield {
        formula_version: str(r.formula_version),
        effective_from: from,
        effective_to: to,
        markup_pct: num('markup_pct'),
        pharmacy_fee: num('pharmacy_fee'),
        shipping: num('shipping'),
        dates_basis: str(r.dates_basis),
        citations: (r.citations as Record<string, unknown>[]).map((c) => ({
          title: str(c.title),
          url: str(c.url),
          published: str(c.published) || null,
          says: str(c.says),
        })),
        locator: { line: record, record },
      };
    }
  } catch (err) {
    if (err instanceof JsonShapeError) throw new PublisherFormatError(FORMULA_ID, record + 1, err.message);
    throw err;
  }
  if (record === 0) throw new PublisherFormatError(FORMULA_ID, 1, 'no formula versions');
}

export const formulaParser: PublisherParser<PricingFormulaRow> = {
  ...FORMULA_PARSER_HEAD,
  parse: (input) => parseFormula(input),
  codesOf: () => [],
};
