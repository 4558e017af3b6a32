import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseXml } from '../../formats/xml-events';
import { fileZipSource, type LazyZip, openLazyZip, type ZipMember } from '../../formats/zip';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, ParseOptions, PublisherParser } from '../../publishers/common/types';
import type { Irs990ReturnRow, ScheduleJPerson, SystemFilerRow } from '../../systems/filing-rows';
import { FILERS_PARSER_HEAD, RETURN_PARSER_HEAD } from './head';
import {
  type BenefitField,
  type EfileLayout,
  type HeaderField,
  layoutForVersion,
  type PersonField,
  type ValueField,
} from './layouts';

const ID = RETURN_PARSER_HEAD.id;
const FILERS_ID = FILERS_PARSER_HEAD.id;
/** Bounds: one text node, and the Schedule J persons of one return (large systems list a few hundred). */
const MAX_TEXT = 64 * 1024;
const MAX_PERSONS = 5000;
/** The IRS names each return `<OBJECT_ID>_public.xml` (OBJECT_ID: 18 digits since 2013). */
const OBJECT_FILE = /^(\d{10,20})_public\.xml$/i;

const fail = (detail: string) => new PublisherFormatError(ID, 1, detail);

function amount(path: string, raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw fail(`element ${path} holds ${JSON.stringify(raw)}, not a number`);
  return n;
}

/**
 * Reads one return's elements of interest into maps as the XML streams by: scalar values by path
 * (the first occurrence of each), and each Schedule J person group as it closes. Nothing else of
 * the document is kept, so memory is bounded by the persons and the longest text node.
 */
class ReturnReader {
  private readonly stack: string[] = [];
  private text = '';
  layout: EfileLayout | null = null;
  schemaVersion = '';
  private wanted = new Set<string>();
  readonly scalars = new Map<string, string>();
  readonly persons: Map<string, string>[] = [];
  private person: { path: string; fields: Map<string, string> } | null = null;
  hasH = false;
  hasJ = false;

  open(name: string, attrs: Readonly<Record<string, string>>): void {
    if (!this.stack.length) {
      if (name !== 'Return') throw fail(`root element is ${name}, not Return: not an IRS e-file return`);
      this.schemaVersion = attrs.returnVersion ?? '';
      this.layout = layoutForVersion(this.schemaVersion);
      if (!this.layout)
        throw fail(`returnVersion ${JSON.stringify(this.schemaVersion)}: no element map reads this schema version`);
      this.wanted = wantedPaths(this.layout);
    }
    this.stack.push(name);
    this.text = '';
    const path = this.path();
    const l = this.layout!;
    if (path === l.scheduleH) this.hasH = true;
    if (path === l.scheduleJ) this.hasJ = true;
    if (l.person.includes(path)) {
      if (this.persons.length >= MAX_PERSONS) throw fail(`more than ${MAX_PERSONS} Schedule J persons`);
      this.person = { path, fields: new Map() };
    }
  }

  text_(t: string): void {
    if (this.text.length + t.length > MAX_TEXT) throw fail(`a text node over ${MAX_TEXT} characters`);
    this.text += t;
  }

  close(): void {
    const path = this.path();
    const value = this.text.trim();
    this.text = '';
    if (value) {
      if (this.person && path.startsWith(`${this.person.path}/`)) {
        const rel = path.slice(this.person.path.length + 1);
        if (!this.person.fields.has(rel)) this.person.fields.set(rel, value);
      } else if (this.wanted.has(path) && !this.scalars.has(path)) {
        this.scalars.set(path, value);
      }
    }
    if (this.person && path === this.person.path) {
      this.persons.push(this.person.fields);
      this.person = null;
    }
    this.stack.pop();
  }

  private path(): string {
    return this.stack.slice(1).join('/');
  }
}

function wantedPaths(l: EfileLayout): Set<string> {
  const out = new Set<string>([...Object.values(l.header).flat(), ...Object.values(l.values).flat(), ...l.badDebt]);
  for (const g of [...l.financialAssistance, ...l.totalCommunityBenefits])
    for (const c of Object.values(l.benefitColumns).flat()) out.add(`${g}/${c}`);
  return out;
}

function first(scalars: Map<string, string>, paths: readonly string[]): { path: string; value: string } | null {
  for (const p of paths) {
    const v = scalars.get(p);
    if (v !== undefined) return { path: p, value: v };
  }
  return null;
}

const isoDate = (path: string, raw: string | undefined): string | null => {
  if (raw === undefined) return null;
  const d = raw.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw fail(`element ${path} holds ${JSON.stringify(raw)}, not a date`);
  return d;
};

function benefit(r: ReturnReader, l: EfileLayout, groups: readonly string[]) {
  for (const g of groups) {
    const cols = {} as Record<BenefitField, number | null>;
    let any = false;
    for (const [k, names] of Object.entries(l.benefitColumns) as [BenefitField, readonly string[]][]) {
      const hit = first(
        r.scalars,
        names.map((n) => `${g}/${n}`),
      );
      cols[k] = amount(hit?.path ?? g, hit?.value);
      if (hit) any = true;
    }
    if (any) return cols;
  }
  return null;
}

function personOf(l: EfileLayout, fields: Map<string, string>, position: number): ScheduleJPerson {
  const get = (f: PersonField) => first(fields, l.personFields[f]);
  const num = (f: PersonField) => {
    const hit = get(f);
    return amount(hit?.path ?? f, hit?.value);
  };
  const name = get('name')?.value;
  if (!name) throw fail(`Schedule J person ${position} has no name`);
  return {
    name,
    title: get('title')?.value ?? null,
    base_compensation: num('base_compensation'),
    bonus: num('bonus'),
    other_compensation: num('other_compensation'),
    deferred_compensation: num('deferred_compensation'),
    nontaxable_benefits: num('nontaxable_benefits'),
    total_compensation: num('total_compensation'),
    total_compensation_related_orgs: num('total_compensation_related_orgs'),
    reported_on_prior_990: num('reported_on_prior_990'),
    position,
  };
}

function rowOf(r: ReturnReader, objectId: string | null): Irs990ReturnRow {
  const l = r.layout;
  if (!l) throw fail('empty document: no Return element');
  const h = (f: HeaderField) => first(r.scalars, l.header[f]);
  const einRaw = h('ein')?.value ?? '';
  const ein = einRaw.replace(/-/g, '');
  if (!/^\d{9}$/.test(ein)) throw fail(`Filer EIN ${JSON.stringify(einRaw)} is not nine digits`);
  const end = h('tax_period_end');
  const taxPeriodEnd = end ? isoDate(end.path, end.value) : null;
  if (!taxPeriodEnd) throw fail(`no tax period end (${l.header.tax_period_end.join(' or ')})`);
  const begin = h('tax_period_begin');
  const year = h('tax_year');
  const amended = h('amended')?.value;
  const values: Record<string, number | null> = {};
  const elements: Record<string, string> = {};
  for (const [f, paths] of Object.entries(l.values) as [ValueField, readonly string[]][]) {
    const hit = first(r.scalars, paths);
    values[f] = amount(hit?.path ?? f, hit?.value);
    if (hit) elements[f] = hit.path;
  }
  const bad = first(r.scalars, l.badDebt);
  return {
    object_id: objectId,
    ein,
    filer_name: h('filer_name')?.value ?? null,
    return_type: h('return_type')?.value ?? null,
    schema_version: r.schemaVersion,
    layout: l.id,
    tax_period_begin: begin ? isoDate(begin.path, begin.value) : null,
    tax_period_end: taxPeriodEnd,
    tax_year: year && /^\d{4}$/.test(year.value) ? Number(year.value) : null,
    return_ts: h('return_ts')?.value ?? null,
    amended: amended !== undefined && /^(x|true|1)$/i.test(amended),
    values,
    elements,
    schedule_h: r.hasH
      ? {
          financial_assistance_at_cost: benefit(r, l, l.financialAssistance),
          total_community_benefits: benefit(r, l, l.totalCommunityBenefits),
          bad_debt_expense: amount(bad?.path ?? 'BadDebtExpense', bad?.value),
        }
      : null,
    schedule_j: r.hasJ ? r.persons.map((p, i) => personOf(l, p, i + 1)) : null,
    locator: { line: 1, record: 1 },
  };
}

/** One return's XML, streamed: its row. */
async function readReturn(input: ByteInput, objectId: string | null): Promise<Irs990ReturnRow> {
  const reader = new ReturnReader();
  try {
    await parseXml(Readable.from(toChunks(input)), {
      open: (n, a) => reader.open(n, a),
      close: () => reader.close(),
      text: (t) => reader.text_(t),
    });
  } catch (err) {
    if (err instanceof PublisherFormatError) throw err;
    throw fail(`not well-formed XML: ${(err as Error).message}`);
  }
  return rowOf(reader, objectId);
}

/**
 * One IRS e-file return (`<OBJECT_ID>_public.xml`, one record), or one of the IRS zips of returns,
 * archived whole (source.ts RETURN_ZIP): each `<OBJECT_ID>_public.xml` member is streamed from the
 * zip in turn, one record each, located by its position in the zip (line) and its order among the
 * returns (record). Other members are skipped. A member that is not a readable return fails the
 * zip's load, naming the member.
 */
async function* parseReturn(input: ByteInput, options?: ParseOptions): AsyncGenerator<Irs990ReturnRow> {
  if (!/\.zip$/i.test(options?.fileName ?? '')) {
    yield await readReturn(input, OBJECT_FILE.exec(options?.fileName ?? '')?.[1] ?? null);
    return;
  }
  const { zip, done } = await openZipInput(input);
  try {
    let line = 0;
    let record = 0;
    const entries = zip.entries();
    for (;;) {
      let next: IteratorResult<ZipMember>;
      try {
        next = await entries.next();
      } catch (err) {
        throw new PublisherFormatError(ID, line + 1, `zip central directory: ${(err as Error).message}`);
      }
      if (next.done) break;
      const m = next.value;
      line++;
      const objectId = OBJECT_FILE.exec(m.name.replace(/^.*\//, ''))?.[1];
      if (!objectId || m.isDirectory) continue;
      let row: Irs990ReturnRow;
      try {
        row = await readReturn((await zip.stream(m)) as AsyncIterable<Buffer>, objectId);
      } catch (err) {
        throw new PublisherFormatError(ID, line, `${m.name}: ${(err as Error).message}`);
      }
      yield { ...row, locator: { line, record: ++record } };
    }
  } finally {
    done();
  }
}

/** A zip from its bytes: opened in memory from a buffer, or spooled from a stream to a temporary file. */
async function openZipInput(input: ByteInput): Promise<{ zip: LazyZip; done: () => void }> {
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const zip = await openLazyZip(Buffer.from(input as Uint8Array)).catch((err: Error) => {
      throw fail(`not a readable zip: ${err.message}`);
    });
    return { zip, done: () => zip.close() };
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'irs990-'));
  const file = path.join(tmp, 'returns.zip');
  try {
    await pipeline(Readable.from(toChunks(input)), fs.createWriteStream(file));
    const zip = await openLazyZip(fileZipSource(file));
    return {
      zip,
      done: () => {
        zip.close();
        fs.rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw fail(`not a readable zip: ${(err as Error).message}`);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const MAX_FILERS_BYTES = 8 * 1024 * 1024;

function citations(v: unknown, record: number, what: string): { title: string; url: string }[] {
  if (!Array.isArray(v) || !v.length)
    throw new PublisherFormatError(FILERS_ID, record, `${what} needs at least one citation`);
  return v.map((c) => {
    const o = (c ?? {}) as Record<string, unknown>;
    if (!str(o.title) || !str(o.url))
      throw new PublisherFormatError(FILERS_ID, record, `${what}: a citation needs title and url`);
    return { title: str(o.title), url: str(o.url) };
  });
}

/** The curated system-to-filer table (`systems`: one entry per health system), checked entry by entry. */
async function* parseFilers(input: ByteInput): AsyncGenerator<SystemFilerRow> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of toChunks(input)) {
    size += c.length;
    if (size > MAX_FILERS_BYTES) throw new PublisherFormatError(FILERS_ID, 1, 'curated table over 8 MB');
    chunks.push(c);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (err) {
    throw new PublisherFormatError(FILERS_ID, 1, `not JSON: ${(err as Error).message}`);
  }
  const systems = (doc as { systems?: unknown })?.systems;
  if (!Array.isArray(systems) || !systems.length) throw new PublisherFormatError(FILERS_ID, 1, 'no systems');
  let record = 0;
  for (const s of systems) {
    record++;
    const o = (s ?? {}) as Record<string, unknown>;
    const id = str(o.system_id).toUpperCase();
    if (!/^HSI\d{8}$/.test(id))
      throw new PublisherFormatError(FILERS_ID, record, `system_id ${o.system_id} is not HSI and eight digits`);
    const ownership = str(o.ownership);
    if (ownership !== 'nonprofit' && ownership !== 'for_profit' && ownership !== 'government')
      throw new PublisherFormatError(FILERS_ID, record, `${id}: ownership must be nonprofit, for_profit or government`);
    const filers = (Array.isArray(o.filers) ? o.filers : []).map((f) => {
      const r = (f ?? {}) as Record<string, unknown>;
      const ein = str(r.ein).replace(/-/g, '');
      if (!/^\d{9}$/.test(ein))
        throw new PublisherFormatError(FILERS_ID, record, `${id}: filer EIN ${r.ein} is not nine digits`);
      return {
        ein,
        name: str(r.name),
        role: str(r.role) || 'filer',
        citations: citations(r.citations, record, `${id} EIN ${ein}`),
      };
    });
    const sec = o.sec as Record<string, unknown> | null | undefined;
    const cik = sec ? str(sec.cik).replace(/^0+/, '') : '';
    yield {
      system_id: id,
      system_name: str(o.system_name),
      ownership,
      filers,
      sec: cik && /^\d+$/.test(cik) ? { cik: cik.padStart(10, '0'), ticker: str(sec?.ticker) || null } : null,
      citations: citations(o.citations, record, id),
      note: str(o.note) || null,
      locator: { line: 1, record },
    };
  }
}

/** One row per IRS e-file return XML. */
export const returnParser: PublisherParser<Irs990ReturnRow> = {
  ...RETURN_PARSER_HEAD,
  parse: (input, options) => parseReturn(input, options),
  codesOf: () => [],
};

/** One row per health system of the curated system-to-filer table. */
export const filersParser: PublisherParser<SystemFilerRow> = {
  ...FILERS_PARSER_HEAD,
  parse: (input) => parseFilers(input),
  codesOf: () => [],
};
