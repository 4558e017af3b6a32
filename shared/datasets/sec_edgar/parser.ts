import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { JSONParser } from '@streamparser/json';
import {
  cik10,
  healthcareGroup,
  KEPT_CONCEPTS,
  normalTicker,
  type SecCompanyRow,
  type SecFact,
  type SecFactsRow,
} from '../../companies/company-rows';
import { fileZipSource, type LazyZip, openLazyZip, type ZipMember } from '../../formats/zip';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { CIK_MEMBER, FACTS_HEAD, SUBMISSIONS_HEAD, TICKERS_HEAD } from './head';

/**
 * SEC EDGAR bulk files, in the layouts of "EDGAR Application Programming Interfaces"
 * (https://www.sec.gov/search-filings/edgar-application-programming-interfaces): company_tickers.json
 * (an object of `{cik_str, ticker, title}` keyed "0", "1", ...), submissions.zip (one
 * `CIK##########.json` per filer: `cik`, `name`, `sic`, `sicDescription`, `tickers`, `exchanges`,
 * `stateOfIncorporation`, `fiscalYearEnd`, `filings.recent` as parallel arrays) and companyfacts.zip
 * (one `CIK##########.json` per filer: `facts.<taxonomy>.<concept>.units.<unit>[]`). Both zips are
 * streamed member by member; the submissions zip keeps healthcare filers only (HEALTHCARE_SIC) and the
 * facts zip only the concepts of MEASURES, so memory holds one member's kept values at a time.
 */

/** A member larger than this is refused rather than read whole (submissions members are a few MB). */
const MAX_SUBMISSION_BYTES = 64 * 1024 ** 2;

async function toBuffer(input: ByteInput): Promise<Buffer | null> {
  if (Buffer.isBuffer(input)) return input;
  if (typeof input === 'string') return Buffer.from(input, 'utf8');
  if (input instanceof Uint8Array) return Buffer.from(input);
  return null;
}

/** Opens a zip from a buffer, or spools a stream to a temporary file read by random access. */
async function withZip<T>(input: ByteInput, parserId: string, use: (zip: LazyZip) => AsyncGenerator<T>) {
  const buf = await toBuffer(input);
  let tmp: string | null = null;
  let zip: LazyZip;
  try {
    if (buf) zip = await openLazyZip(buf);
    else {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-edgar-'));
      const file = path.join(tmp, 'bulk.zip');
      const out = fs.createWriteStream(file);
      for await (const chunk of input as AsyncIterable<Buffer | string>) {
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      zip = await openLazyZip(fileZipSource(file));
    }
  } catch (err) {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    throw new PublisherFormatError(parserId, 1, `not a readable zip: ${(err as Error).message}`);
  }
  return (async function* () {
    try {
      yield* use(zip);
    } finally {
      zip.close();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    }
  })();
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((x): x is string => x !== null) : []);

function emptyRow(kind: SecCompanyRow['kind'], cik: string, name: string): Omit<SecCompanyRow, 'locator'> {
  return {
    kind,
    cik,
    ticker: null,
    name,
    sort_name: name.toUpperCase(),
    tickers: [],
    exchanges: [],
    sic: null,
    sic_description: null,
    healthcare_group: null,
    state_of_incorporation: null,
    fiscal_year_end: null,
    entity_type: null,
    accession_number: null,
    form: null,
    filing_date: null,
    report_date: null,
    items: [],
    primary_document: null,
    primary_doc_description: null,
  };
}

async function* parseTickers(input: ByteInput): AsyncGenerator<SecCompanyRow> {
  const ID = TICKERS_HEAD.id;
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const ready: { key: string; value: unknown }[] = [];
  parser.onValue = ({ value, key }) => {
    ready.push({ key: String(key), value });
  };
  let record = 0;
  const take = function* () {
    for (const { key, value } of ready.splice(0)) {
      const v = value as Record<string, unknown>;
      const cik = cik10(v.cik_str as string);
      const ticker = normalTicker(v.ticker as string);
      const title = str(v.title);
      if (!cik || !ticker || !title)
        throw new PublisherFormatError(
          ID,
          1,
          `entry "${key}" lacks cik_str, ticker or title (is this company_tickers.json?)`,
        );
      record++;
      yield {
        ...emptyRow('ticker', cik, title),
        ticker,
        tickers: [ticker],
        locator: { line: 1, record },
      } satisfies SecCompanyRow;
    }
  };
  try {
    const source = Buffer.isBuffer(input) || typeof input === 'string' ? [input] : (input as AsyncIterable<Buffer>);
    for await (const chunk of source) {
      parser.write(chunk as Buffer);
      yield* take();
    }
    if (!parser.isEnded) parser.end();
  } catch (err) {
    if (err instanceof PublisherFormatError) throw err;
    throw new PublisherFormatError(ID, 1, `invalid JSON: ${(err as Error).message}`);
  }
  yield* take();
}

/**
 * The members of a bulk zip that hold one filer each, with their 1-based position (the locator
 * line), read from the central directory one at a time (submissions.zip lists ~900,000).
 */
async function* filerMembers(zip: LazyZip, parserId: string) {
  let line = 0;
  const entries = zip.entries();
  for (;;) {
    let next: IteratorResult<ZipMember>;
    try {
      next = await entries.next();
    } catch (err) {
      throw new PublisherFormatError(parserId, line + 1, `zip central directory: ${(err as Error).message}`);
    }
    if (next.done) return;
    const m = next.value;
    line++;
    const cik = CIK_MEMBER.exec(m.name)?.[1];
    if (cik && !m.isDirectory) yield { m, cik, line };
  }
}

async function* parseSubmissions(input: ByteInput): AsyncGenerator<SecCompanyRow> {
  const ID = SUBMISSIONS_HEAD.id;
  yield* await withZip(input, ID, async function* (zip) {
    let record = 0;
    for await (const { m, cik, line } of filerMembers(zip, ID)) {
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse((await zip.read(m, MAX_SUBMISSION_BYTES)).toString('utf8'));
      } catch (err) {
        throw new PublisherFormatError(ID, line, `${m.name}: ${(err as Error).message}`);
      }
      const sic = str(doc.sic);
      const group = healthcareGroup(sic);
      if (!group) continue; // not a healthcare filer: skipped (the load stays bounded)
      const name = str(doc.name);
      if (!name) throw new PublisherFormatError(ID, line, `${m.name}: no "name"`);
      const tickers = strs(doc.tickers).map((t) => normalTicker(t) ?? t);
      const company: SecCompanyRow = {
        ...emptyRow('company', cik, name),
        ticker: tickers[0] ?? null,
        tickers,
        exchanges: strs(doc.exchanges),
        sic,
        sic_description: str(doc.sicDescription),
        healthcare_group: group,
        state_of_incorporation: str(doc.stateOfIncorporation),
        fiscal_year_end: str(doc.fiscalYearEnd),
        entity_type: str(doc.entityType),
        locator: { line, record: ++record },
      };
      yield company;
      const recent = ((doc.filings as Record<string, unknown> | undefined)?.recent ?? {}) as Record<string, unknown[]>;
      const forms = recent.form ?? [];
      for (let i = 0; i < forms.length; i++) {
        const form = str(forms[i]);
        if (form !== '8-K' && form !== '8-K/A') continue;
        const items = String(recent.items?.[i] ?? '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        if (!items.includes('2.01')) continue;
        yield {
          ...company,
          kind: 'ma_filing',
          accession_number: str(recent.accessionNumber?.[i]),
          form,
          filing_date: str(recent.filingDate?.[i]),
          report_date: str(recent.reportDate?.[i]),
          items,
          primary_document: str(recent.primaryDocument?.[i]),
          primary_doc_description: str(recent.primaryDocDescription?.[i]),
          locator: { line, record: ++record },
        };
      }
    }
  });
}

/** The kept concepts of one companyfacts member, streamed: only their values are assembled. */
async function factsOfMember(stream: AsyncIterable<Buffer>) {
  const paths = ['$.cik', '$.entityName', ...[...KEPT_CONCEPTS].map((c) => `$.facts.us-gaap.${c}`)];
  const parser = new JSONParser({ paths, keepStack: false });
  let cik: unknown = null;
  let entity: unknown = null;
  const concepts: { concept: string; value: Record<string, unknown> }[] = [];
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1 && key === 'cik') cik = value;
    else if (stack.length === 1 && key === 'entityName') entity = value;
    else if (stack.length === 3) concepts.push({ concept: String(key), value: value as Record<string, unknown> });
  };
  for await (const chunk of stream) parser.write(chunk);
  if (!parser.isEnded) parser.end();
  return { cik, entity, concepts };
}

function keptFacts(list: unknown): SecFact[] {
  if (!Array.isArray(list)) return [];
  const out: SecFact[] = [];
  for (const f of list as Record<string, unknown>[]) {
    // Only facts SEC placed in a calendar frame: one per concept, unit and period (the latest filing's).
    const frame = str(f.frame);
    const end = str(f.end);
    const accn = str(f.accn);
    if (!frame || !end || !accn || typeof f.val !== 'number') continue;
    out.push({
      start: str(f.start),
      end,
      val: f.val,
      accn,
      fy: typeof f.fy === 'number' ? f.fy : null,
      fp: str(f.fp),
      form: str(f.form) ?? '',
      filed: str(f.filed) ?? '',
      frame,
    });
  }
  return out;
}

async function* parseFacts(input: ByteInput): AsyncGenerator<SecFactsRow> {
  const ID = FACTS_HEAD.id;
  yield* await withZip(input, ID, async function* (zip) {
    let record = 0;
    for await (const { m, cik, line } of filerMembers(zip, ID)) {
      let member: Awaited<ReturnType<typeof factsOfMember>>;
      try {
        member = await factsOfMember((await zip.stream(m)) as AsyncIterable<Buffer>);
      } catch (err) {
        throw new PublisherFormatError(ID, line, `${m.name}: ${(err as Error).message}`);
      }
      if (member.cik !== null && cik10(member.cik as number) !== cik)
        throw new PublisherFormatError(ID, line, `${m.name}: holds cik ${String(member.cik)}`);
      for (const { concept, value } of member.concepts) {
        const units = (value.units ?? {}) as Record<string, unknown>;
        for (const unit of Object.keys(units).sort()) {
          const facts = keptFacts(units[unit]);
          if (!facts.length) continue;
          yield {
            cik,
            entity_name: str(member.entity) ?? '',
            taxonomy: 'us-gaap',
            concept,
            label: str(value.label),
            unit,
            facts,
            locator: { line, record: ++record },
          };
        }
      }
    }
  });
}

export const tickersParser: PublisherParser<SecCompanyRow> = {
  id: TICKERS_HEAD.id,
  version: TICKERS_HEAD.version,
  parse: parseTickers,
  codesOf: () => [],
};

export const submissionsParser: PublisherParser<SecCompanyRow> = {
  id: SUBMISSIONS_HEAD.id,
  version: SUBMISSIONS_HEAD.version,
  parse: parseSubmissions,
  codesOf: () => [],
};

export const factsParser: PublisherParser<SecFactsRow> = {
  id: FACTS_HEAD.id,
  version: FACTS_HEAD.version,
  parse: parseFacts,
  codesOf: () => [],
};
