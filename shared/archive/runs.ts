import { z } from '@hono/zod-openapi';
import type { PageParams } from '../http/paging';
import { pageTable } from '../http/paging';
import type { Table } from '../storage/table';
import { type RunPage, RunPageSchema } from './request-provenance';

/**
 * Fetch-run records (point 5 of the archive issue). Storage in the archive table: pk `RUNS`,
 * sk `<started_at ISO>#<run_id>`, so the list is ordered by start time and ends on the unique run
 * id. The fetcher (shared/archive/fetch/) writes them with `recordRun`; GET /archive/runs reads them
 * with `listRuns`. A run is written when it starts (status `running`) and rewritten when it ends.
 */
export const RUNS_PK = 'RUNS';

export const RunStatusSchema = z.enum(['running', 'succeeded', 'partial', 'failed']);

export const RunErrorSchema = z.object({
  url: z.string().nullable(),
  message: z.string(),
});

export const RunRecordSchema = z
  .object({
    run_id: z.string(),
    source_id: z.string(),
    started_at: z.string().openapi({ format: 'date-time' }),
    finished_at: z.string().nullable().openapi({ format: 'date-time' }),
    status: RunStatusSchema.openapi({
      description: 'running; succeeded (every URL answered); partial (some URLs failed, others archived); failed.',
    }),
    files_seen: z.number().int(),
    new_versions: z.number().int(),
    version_ids: z.array(z.number().int()),
    errors: z.array(RunErrorSchema),
    notes: z.array(RunErrorSchema).default([]).openapi({
      description:
        'What the operator should know that is not a failure: the as-of rule that will decide each new version (publisher_effective_window or first_observed), documents that now mix windowed and observed versions, files that matched no document of the source. Bounded: past a cap the rest are counted in one entry.',
    }),
    pages: z.array(RunPageSchema).default([]).openapi({
      description:
        'The JSON API pages this run archived, each with its request (URL with its query, page, cursor, next cursor). Bounded: past 100 the rest are counted in the notes.',
    }),
  })
  .openapi('ArchiveRun');

export type RunRecord = z.infer<typeof RunRecordSchema>;
/** A run as written: `notes` may be left out (older records have none). */
export type RunRecordInput = z.input<typeof RunRecordSchema>;

export function runSortKey(run: Pick<RunRecord, 'started_at' | 'run_id'>): string {
  return `${run.started_at}#${run.run_id}`;
}

/** Write (or overwrite) a run record; the key depends only on started_at and run_id. */
export async function recordRun(table: Table, run: RunRecordInput): Promise<void> {
  const parsed = RunRecordSchema.parse(run);
  await table.put({
    pk: RUNS_PK,
    sk: runSortKey(parsed),
    gsi1pk: `RUNS#${parsed.source_id}`,
    gsi1sk: runSortKey(parsed),
    ...parsed,
  });
}

function toRun(item: Record<string, unknown>): RunRecord {
  return {
    run_id: String(item.run_id),
    source_id: String(item.source_id),
    started_at: String(item.started_at),
    finished_at: (item.finished_at as string | null | undefined) ?? null,
    status: item.status as RunRecord['status'],
    files_seen: Number(item.files_seen ?? 0),
    new_versions: Number(item.new_versions ?? 0),
    version_ids: ((item.version_ids as number[] | undefined) ?? []).map(Number),
    errors: (item.errors as RunRecord['errors'] | undefined) ?? [],
    notes: (item.notes as RunRecord['notes'] | undefined) ?? [],
    pages: (item.pages as RunPage[] | undefined) ?? [],
  };
}

/** Runs newest first (by started_at, then run id), optionally for one source. */
export function listRuns(table: Table, p: PageParams, opts: { sourceId?: string; withTotal?: boolean } = {}) {
  const withTotal = opts.withTotal ?? true;
  if (opts.sourceId) {
    return pageTable(table, `RUNS#${opts.sourceId}`, p, toRun, { index: 'gsi1', descending: true, withTotal });
  }
  return pageTable(table, RUNS_PK, p, toRun, { descending: true, withTotal });
}

/** The newest fetch run (of one source, or of any): one item read, no count of the growing partition. */
export async function latestRun(table: Table, sourceId?: string): Promise<RunRecord | null> {
  const page = await listRuns(table, { limit: 1, offset: 0 }, { sourceId, withTotal: false });
  return page.items[0] ?? null;
}
