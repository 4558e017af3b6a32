import type { Table } from '../storage/table';
import { docsIndex, sourceFileKey, VERSION_PREFIX } from './keys';

/**
 * Per-source counters of the archive, so the source lists (`/sources`, `/v1/archive/sources`) read
 * one small item per source instead of counting the source's files. One item per source in one
 * partition (`SRCSTATS`/<source_id>): `files` (items `SRCFILE#<source_id>`, zip members included),
 * `docs` (documents with a version), `versions`.
 *
 * Kept at ingest with atomic ADDs, each made only by the writer whose put-if-absent created the
 * counted item (file-store.ts, versions.ts), so a retried ingest, the same bytes archived again, or
 * two racing writers of one version count it once. `counted` marks an item built from the archive
 * itself (`rebuildSourceStats`, run by every sync until it is there): counters ADDed before that
 * are not trusted, and readers count the archive instead (`readSourceStats` says which). A process
 * killed between a put and its ADD leaves its counter one short until the next forced rebuild
 * (`rebuildSourceStats(..., { force: true })`, `npm run archive -- load --recount`).
 */
export const STATS_PK = 'SRCSTATS';
export const statsKey = (sourceId: string) => ({ pk: STATS_PK, sk: sourceId });

export type StatName = 'files' | 'docs' | 'versions';

export interface SourceStats {
  files: number;
  docs: number;
  versions: number;
}

/** Count one newly created item of the source (call only after the put that created it). */
export async function countNew(table: Table, sourceId: string, stat: StatName): Promise<void> {
  await table.update(statsKey(sourceId), { add: { [stat]: 1 } });
}

/** The trusted counters of every source (one query), by source id; sources never rebuilt are absent. */
export async function readSourceStats(table: Table): Promise<Map<string, SourceStats>> {
  const items = await table.queryAll(STATS_PK);
  return new Map(
    items
      .filter((it) => it.counted === true)
      .map((it) => [String(it.sk), { files: num(it.files), docs: num(it.docs), versions: num(it.versions) }]),
  );
}

/** The source's archived files counted from the archive (O(files): the fallback before a rebuild). */
export function countFiles(table: Table, sourceId: string): Promise<number> {
  return table.count(sourceFileKey(sourceId, '').pk);
}

/** The source's counters counted from the archive itself (O(archive size): rebuilds and fallbacks). */
export async function countSource(table: Table, sourceId: string): Promise<SourceStats> {
  const [files, docItems] = await Promise.all([
    countFiles(table, sourceId),
    table.queryAll(docsIndex(sourceId), { index: 'gsi1' }),
  ]);
  const perDoc = await Promise.all(
    docItems.map((d) => table.count(`DOC#${String(d.doc_id)}`, { beginsWith: VERSION_PREFIX })),
  );
  return { files, docs: docItems.length, versions: perDoc.reduce((a, b) => a + b, 0) };
}

/**
 * Build the counters of the given sources from the archive where they are not `counted` yet (or
 * for all, with `force`), by a compare-and-set against the values read before counting: an
 * ingest that ADDs meanwhile makes it count again. Returns the sources rebuilt.
 */
export async function rebuildSourceStats(
  table: Table,
  sourceIds: readonly string[],
  opts: { force?: boolean } = {},
): Promise<string[]> {
  const have = new Map((await table.queryAll(STATS_PK, { consistent: true })).map((it) => [String(it.sk), it]));
  const rebuilt: string[] = [];
  for (const sourceId of sourceIds) {
    let before = have.get(sourceId);
    if (before?.counted === true && !opts.force) continue;
    for (let attempt = 0; attempt < 10; attempt++) {
      const counts = await countSource(table, sourceId);
      const ok = await table.put(
        { ...statsKey(sourceId), ...counts, counted: true },
        {
          ifEquals: {
            files: (before?.files as number | undefined) ?? null,
            docs: (before?.docs as number | undefined) ?? null,
            versions: (before?.versions as number | undefined) ?? null,
          },
        },
      );
      if (ok) break;
      before = await table.get(statsKey(sourceId), { consistent: true });
    }
    rebuilt.push(sourceId);
  }
  return rebuilt;
}

function num(x: unknown): number {
  return Number(x ?? 0);
}
