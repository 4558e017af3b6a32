import * as fs from 'node:fs';
import * as path from 'node:path';
import { isValidNpi } from '../../shared/codes/npi';
import type { ExclusionRecord } from '../../shared/exclusions/record';
import { findByLocator } from '../../shared/publishers/common/locator';
import { getSource, mapFile, parserFor } from '../../shared/sources/registry';
import type { StateLayout } from '../../shared/state-exclusions/layout';
import { chunked, collect } from '../unit/publishers/helpers';
import { fixturePath } from './fixtures';
import { samplePath } from './samples';

/**
 * Test helpers of the state exclusion folders (shared/datasets/state_exclusions_<st>/): a file is
 * read by the layout its source's document declares (the registry's parserFor), as the catalog reads it.
 */
export function declaredLayout(sourceId: string, file: string): StateLayout {
  const layout = parserFor(sourceId, path.basename(file)) as StateLayout | undefined;
  expect(layout).toBeDefined();
  return layout!;
}

/** The rows of a fixture file of a state list (`fixtures/` of its folder). */
export async function fixtureRows(
  sourceId: string,
  file: string,
  bytes = fs.readFileSync(fixturePath(sourceId, file)),
) {
  const layout = declaredLayout(sourceId, file);
  return { layout, rows: await collect(layout, bytes, { fileName: path.basename(file) }) };
}

/** The rows of a real state list (../shared/data/publisher/<source_id>/<file>). */
export async function sampleRows(sourceId: string, file: string): Promise<ExclusionRecord[]> {
  return collect(declaredLayout(sourceId, file), fs.readFileSync(samplePath(sourceId, file)), { fileName: file });
}

export const byName = (rows: ExclusionRecord[], name: RegExp) => rows.find((r) => name.test(r.name))!;

/** What every layout reads from its real list: every record, named, dated, with valid NPIs only. */
export async function expectSampleConforms(sourceId: string, file: string, count: number): Promise<void> {
  const layout = declaredLayout(sourceId, file);
  const rows = await collect(layout, fs.createReadStream(samplePath(sourceId, file)), { fileName: file });
  expect(rows).toHaveLength(count);
  for (const r of rows) {
    expect(r.name.length).toBeGreaterThan(0);
    expect(r.list_state).toBe(layout.state);
    for (const n of r.npis) expect(isValidNpi(n)).toBe(true);
    for (const d of [r.start_date, r.end_date]) if (d) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (r.entity_type === 'individual') expect(r.last_name ?? r.first_name).toBeTruthy();
  }
  expect(rows.filter((r) => r.start_date).length).toBeGreaterThan(count * 0.9);
  expect(rows.filter((r) => r.npis.length).length).toBeGreaterThan(0);
}

/** A fixture read in tiny chunks gives the same rows, and every row replays from its locator. */
export async function expectStreamsAndReplays(sourceId: string, file: string): Promise<void> {
  const bytes = fs.readFileSync(fixturePath(sourceId, file));
  const { layout, rows } = await fixtureRows(sourceId, file, bytes);
  const fileName = path.basename(file);
  expect(await collect(layout, chunked(bytes, 7), { fileName })).toEqual(rows);
  for (const r of rows) expect(await findByLocator(layout, bytes, r.locator, { fileName })).toEqual(r);
}

/**
 * The state's real files (../shared/data/publisher/<source_id>/) map to the documents its source
 * declares, each read by the layout named (or by none: archived, not loaded); a list no layout reads
 * is exempt from the fetch schedule.
 */
export function expectSamplesDeclared(sourceId: string, files: Record<string, [string, string | null]>): void {
  const source = getSource(sourceId)!;
  expect(source).toBeDefined();
  for (const [name, [docId, layoutId]] of Object.entries(files)) {
    const head = fs.readFileSync(samplePath(sourceId, name)).subarray(0, 64 * 1024);
    expect([name, mapFile(source, { name, parents: [], head }).docId]).toEqual([name, docId]);
    expect([name, parserFor(sourceId, name)?.id ?? null]).toEqual([name, layoutId]);
  }
  const read = source.docs.some((d) => d.parser);
  // A list a layout reads is scheduled (monthly unless its folder declares another cadence).
  if (read) expect(['weekly', 'monthly', 'quarterly', 'annual']).toContain(source.cadence.cadence);
  else expect(source.cadence.cadence).toBe('exempt');
}
