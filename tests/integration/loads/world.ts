import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { Archive } from '../../../shared/archive/ingest';
import type { Clock } from '../../../shared/deps';
import type { Item } from '../../../shared/storage/table';
import type { Harness } from '../../helpers/harness';

/** A fixed "today", so two harnesses loading the same bytes write identical items. */
export const fixedClock: Clock = { now: () => new Date('2025-06-15T12:00:00.000Z') };

/** Archives one file as an import would (no load), observed on a fixed day; returns its version id. */
export async function archive(
  h: Harness,
  sourceId: string,
  name: string,
  body: Buffer,
  extra: { publisherVersion?: string; effectiveFrom?: string } = {},
): Promise<number> {
  const r = await new Archive(h.deps).ingest({
    sourceId,
    name,
    body,
    ...extra,
    observedAt: new Date('2025-06-01T06:00:00Z'),
  });
  const id = r.files[0]?.versionId;
  if (typeof id !== 'number') throw new Error(`${name} was not archived as a version: ${JSON.stringify(r.files)}`);
  return id;
}

async function scan(h: Harness, table: string): Promise<Item[]> {
  const doc = DynamoDBDocumentClient.from(h.deps.clients.dynamodb);
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

const byKey = (a: Item, b: Item) => (a.pk === b.pk ? (a.sk < b.sk ? -1 : 1) : a.pk < b.pk ? -1 : 1);

/**
 * Everything a load stores that answers read, in key order: the fact items, row / index /
 * token items of the catalog, the LOADED markers and catalog markers (load times left out), and
 * the codes each change record maps. Two loads of the same bytes are the same load when these
 * are equal.
 */
export async function stored(
  h: Harness,
): Promise<{ facts: Item[]; catalog: Item[]; markers: unknown[]; codes: unknown[] }> {
  const facts = (await scan(h, h.deps.tables.facts.name)).sort(byKey);
  const catalog = (await scan(h, h.deps.tables.catalog.name)).sort(byKey);
  const archived = await scan(h, h.deps.tables.archive.name);
  const strip = ({ loaded_at: _l, ...rest }: Record<string, unknown>) => rest;
  return {
    facts: facts.filter((i) => /^[CNZ]#/.test(i.pk)),
    catalog: catalog.filter((i) => /^[RIT]#/.test(i.pk)),
    markers: [
      ...facts.filter((i) => i.pk.startsWith('LOADED#')).map(strip),
      // Catalog markers live on their versions' timeline items (heads hold copies).
      ...catalog
        .filter((i) => i.pk.startsWith('CTL#') && !String(i.sk).endsWith('#HEAD') && i.loaded)
        .map((i) => strip(i.loaded as Record<string, unknown>)),
    ],
    codes: archived
      .filter((i) => i.pk === 'CHANGES')
      .sort(byKey)
      .map((i) => ({ sk: i.sk, codes: i.affected_codes ?? null, status: i.affected_codes_status ?? null })),
  };
}

/** The load jobs (leases and checkpoints) left in the archive table. */
export async function loadJobs(h: Harness): Promise<Item[]> {
  return (await scan(h, h.deps.tables.archive.name)).filter((i) => i.pk.startsWith('LOADJOB#'));
}
