import * as fs from 'node:fs';
import * as path from 'node:path';
import { blobKey } from '../../../shared/archive/keys';
import { getDataset } from '../../../shared/catalog/datasets';
import type { CatalogLoadOutcome } from '../../../shared/catalog/load';
import { syncCatalog } from '../../../shared/catalog/sync';
import type { Clock } from '../../../shared/deps';
import type { ExclusionRecord } from '../../../shared/exclusions/record';
import { findByLocator } from '../../../shared/publishers/common/locator';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { fixtureManifest, seedFixtures } from '../../helpers/seed';

/**
 * The exclusion fixture world shared by the integration tests of issue 11: the NPPES, OIG LEIE,
 * SAM.gov and state-list fixtures (each dataset folder's fixtures/manifest.json) archived through the real
 * ingest path on their effective dates, then loaded by syncCatalog, with "today" fixed so that
 * answers without as_of are reproducible.
 */
export const TODAY = '2025-06-15';
export const fixedClock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

export const isExclusionFixture = (sourceId: string) =>
  sourceId === 'oig_leie' ||
  sourceId === 'gsa_sam_exclusions' ||
  sourceId === 'nppes' ||
  sourceId.startsWith('state_exclusions_');

export interface World {
  h: Harness;
  key: TestKey;
  loads: CatalogLoadOutcome[];
  get(p: string, headers?: Record<string, string>): Promise<{ status: number; body: Json; type: string }>;
  post(p: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Json }>;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
export type Json = any;

export async function startWorld(): Promise<World> {
  const h = await startHarness({ clock: fixedClock });
  await seedFixtures(h.deps, (e) => isExclusionFixture(e.source_id), { catalog: false });
  const loads = await syncCatalog(h.deps);
  const key = await createTestKey(h.deps, 'free', []);
  const get = async (p: string, headers: Record<string, string> = key.headers) => {
    const r = await h.request(p, { headers });
    return { status: r.status, body: await r.json(), type: r.headers.get('content-type') ?? '' };
  };
  const post = async (p: string, body: unknown, headers: Record<string, string> = key.headers) => {
    const r = await h.request(p, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: await r.json() };
  };
  return { h, key, loads, get, post };
}

/** Rows a fixture file holds, counted by the dataset's own parser over the fixture bytes. */
export async function fixtureRowCount(datasetId: string, sourceId: string, relPath: string): Promise<number> {
  const file = path.resolve(__dirname, '../../..', relPath);
  const parser = getDataset(datasetId)!.parserFor({ source_id: sourceId, doc_id: '', name: path.basename(file) })!;
  let n = 0;
  for await (const _ of parser.parse(fs.readFileSync(file), { fileName: path.basename(file) })) n++;
  return n;
}

export function manifestEntries(sourceId: string) {
  return fixtureManifest().filter((e) => e.source_id === sourceId);
}

/**
 * Re-read a hit from the archived bytes its source names (the blob stored under its sha256, the
 * dataset's parser for that file, the locator): an answer must trace to exactly that record. The
 * file name comes from the answer's own `sources`, which must therefore list the hit's version.
 */
export async function replayHit(h: Harness, hit: Json, answer: Json): Promise<ExclusionRecord> {
  const { source } = hit;
  const version = answer.sources.find((s: Json) => s.version_id === source.version_id);
  if (!version) throw new Error(`the answer's sources do not list version ${source.version_id}`);
  expect(version.sha256).toBe(source.sha256);
  // A state list is one source of the state dataset; each federal list is its own dataset.
  const datasetId = source.source_id.startsWith('state_exclusions_') ? 'state_exclusions' : source.source_id;
  const parser = getDataset(datasetId)!.parserFor({ ...source, name: version.name })!;
  const bytes = await h.deps.blobs.getBuffer(blobKey(source.sha256));
  return (await findByLocator(parser, bytes, source.locator, { fileName: version.name })) as ExclusionRecord;
}
