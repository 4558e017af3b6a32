import { Readable } from 'node:stream';
import { readFixture } from '../../../tests/helpers/fixtures';
import { loadCatalogVersion } from '../../catalog/load';
import type { CatalogVersion } from '../../catalog/timeline';
import { WRITE_BATCH } from '../../catalog/writer';
import type { Deps } from '../../deps';
import type { Item, Table } from '../../storage/table';
import { nppesDataset } from './dataset';
import { nppesParser } from './npidata';

/**
 * Issue 11, point 2: the NPPES loader holds memory flat however large the file. Checked by
 * structure, not by timing or heap size: a generated npidata file is fed in fixed-size chunks from
 * a source that counts the bytes pulled, and at every row the parser yields (and at every batch
 * the catalog writer stores) the bytes pulled beyond the end of that row must stay under what
 * the stream buffers plus one chunk and one row. The bound does not depend on the file size, so
 * nothing accumulates.
 */
const CHUNK = 64 * 1024;
const ROWS = 8000;
/** What the byte stream itself may buffer ahead of its reader (the store's stream does the same). */
const STREAM_BUFFER = CHUNK;

/** The fixture's header and records, repeated with a distinct NPI per row (the NPI is the first field). */
function generated() {
  const lines = readFixture('nppes', 'npidata_pfile_20050523-20250209.csv')
    .toString('utf8')
    .split('\n')
    .filter(Boolean);
  const header = Buffer.from(`${lines[0]}\n`);
  const templates = lines.slice(1).map((l) => l.replace(/^"\d{10}"/, ''));
  const rowBytes = (i: number) => Buffer.from(`"${1_000_000_000 + i}"${templates[i % templates.length]}\n`);
  /** ends[k]: byte offset just past data row k (1-based, k = the record number). */
  const ends: number[] = [header.length];
  for (let i = 0; i < ROWS; i++) ends.push(ends[i]! + rowBytes(i).length);
  const sizes = ends.slice(1).map((e, i) => e - ends[i]!);
  const maxRow = Math.max(...sizes);
  const minRow = Math.min(...sizes);
  const source = { pulled: 0 };
  async function* chunks(): AsyncGenerator<Buffer> {
    let pending = header;
    for (let i = 0; i < ROWS; i++) {
      pending = Buffer.concat([pending, rowBytes(i)]);
      while (pending.length >= CHUNK) {
        source.pulled += CHUNK;
        yield pending.subarray(0, CHUNK);
        pending = pending.subarray(CHUNK);
      }
    }
    source.pulled += pending.length;
    yield pending;
  }
  return { ends, maxRow, minRow, source, chunks, total: ends[ROWS]! };
}

/** A Table that records writes (the only calls a catalog load makes). */
function recordingTable(onPut: (items: Item[]) => void) {
  const calls = { putMany: 0, update: 0, items: 0 };
  const table = {
    name: 'catalog',
    async putMany(items: Item[]) {
      calls.putMany++;
      calls.items += items.length;
      onPut(items);
    },
    async update() {
      calls.update++;
      return { pk: '', sk: '' };
    },
    // The head rebuild after the marker: no head yet, and no version item in this table.
    async get() {
      return undefined;
    },
    async queryAll() {
      return [];
    },
  } as unknown as Table;
  return { table, calls };
}

describe('NPPES loading holds memory flat', () => {
  it('the parser reads at most one chunk ahead of the row it yields', async () => {
    const g = generated();
    expect(g.total).toBeGreaterThan(100 * CHUNK);
    let rows = 0;
    let maxAhead = 0;
    let maxRowsAhead = 0;
    let complete = 0;
    for await (const r of nppesParser.parse(
      Readable.from(g.chunks(), { objectMode: false, highWaterMark: STREAM_BUFFER }),
    )) {
      rows++;
      expect(r.npi).toBe(String(1_000_000_000 + r.locator.record - 1));
      maxAhead = Math.max(maxAhead, g.source.pulled - g.ends[r.locator.record]!);
      while (complete < ROWS && g.ends[complete + 1]! <= g.source.pulled) complete++;
      maxRowsAhead = Math.max(maxRowsAhead, complete - r.locator.record);
    }
    expect(rows).toBe(ROWS);
    expect(g.source.pulled).toBe(g.total);
    expect(maxAhead).toBeLessThanOrEqual(STREAM_BUFFER + CHUNK + g.maxRow);
    // Rows already in the bytes pulled but not yet handed on: at most what one chunk holds.
    expect(maxRowsAhead).toBeLessThanOrEqual(Math.ceil((STREAM_BUFFER + CHUNK) / g.minRow));
  });

  it('the catalog loader writes in batches of at most WRITE_BATCH, an npi index item, a licence index item per registered licence and at most one name token a row, keeping no per-key state', async () => {
    const g = generated();
    let maxAhead = 0;
    let maxBatch = 0;
    const kinds = { index: 0, license: 0, token: 0 };
    const tokenRecords = new Set<number>();
    const { table, calls } = recordingTable((items) => {
      maxBatch = Math.max(maxBatch, items.length);
      // Index items hold their rows; name token items (issue 23: investigators by name) are one row each.
      const recordOf = (i: Item) => Number(i.rows ? (i.rows as { record: number }[])[0]!.record : (i.record as number));
      for (const i of items) {
        if (i.rows && String(i.pk).includes('#license#')) kinds.license++;
        else if (i.rows) kinds.index++;
        else {
          kinds.token++;
          tokenRecords.add(recordOf(i));
        }
      }
      const last = Math.max(...items.map(recordOf));
      maxAhead = Math.max(maxAhead, g.source.pulled - g.ends[last]!);
    });
    const deps = {
      tables: { catalog: table },
      blobs: { get: async () => Readable.from(g.chunks(), { objectMode: false, highWaterMark: STREAM_BUFFER }) },
      clock: { now: () => new Date('2025-03-01T00:00:00Z') },
      logger: { warn: () => {} },
    } as unknown as Deps;
    const version: CatalogVersion = {
      source_id: 'nppes',
      doc_id: 'nppes:1',
      version_id: 1,
      sha256: '0'.repeat(64),
      name: 'npidata_pfile_20050523-20250209.csv',
      publisher_version: null,
      publisher_effective_from: null,
      publisher_effective_to: null,
      observed_from: '2025-03-01T00:00:00.000Z',
    };
    const out = await loadCatalogVersion(deps, nppesDataset, version);
    expect(out).toMatchObject({ status: 'loaded', rows: ROWS });
    expect(out.peak_buffered).toBeLessThanOrEqual(WRITE_BATCH);
    expect(maxBatch).toBeLessThanOrEqual(WRITE_BATCH);
    expect(kinds.index).toBe(ROWS);
    expect(kinds.token).toBeGreaterThan(0);
    expect(tokenRecords.size).toBe(kinds.token);
    expect(calls.items).toBe(ROWS + kinds.license + kinds.token);
    // One update, marking the version loaded (the marker on its timeline item). No index entry
    // was appended to (no per-key bookkeeping).
    expect(calls.update).toBe(1);
    // When a batch is stored, the source is at most the stream buffer, one chunk and a row past
    // its last row: rows are written as they stream, never gathered.
    expect(maxAhead).toBeLessThanOrEqual(STREAM_BUFFER + CHUNK + g.maxRow);
  });
});
