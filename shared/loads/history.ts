import { randomBytes } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import { type PageParams, pageTable } from '../http/paging';
import type { Table } from '../storage/table';

/**
 * Load attempts per source: each time a loader turns archived versions of a source into served rows
 * (warrant facts, catalog datasets), one attempt is recorded with its timing, the versions it
 * loaded and the source's row count before and after. The catalog's `last_record_count`, last-load
 * state and freshness, and GET /sources/{id}/history, read these.
 *
 * Storage (archive table): attempts under pk `LOADS#<source_id>`, sk `<started_at>#<load_id>`
 * (ordered by start, ending on the unique load id); one state item per source under pk `LOADSTATE`,
 * sk `<source_id>`, rewritten only by a later-started attempt (conditional on a numeric start time).
 */
export const LoadStatusSchema = z.enum(['succeeded', 'partial', 'failed']);
export type LoadStatus = z.infer<typeof LoadStatusSchema>;

export const LoadAttemptSchema = z
  .object({
    load_id: z.string(),
    source_id: z.string(),
    started_at: z.string().openapi({ format: 'date-time' }),
    finished_at: z.string().openapi({ format: 'date-time' }),
    duration_ms: z.number().int(),
    status: LoadStatusSchema.openapi({
      description: 'succeeded; partial (failed after loading some versions); failed (nothing loaded).',
    }),
    version_ids: z.array(z.number().int()).openapi({ description: 'Archive versions loaded by this attempt.' }),
    rows_before: z.number().int(),
    rows_after: z.number().int(),
    rows_delta: z.number().int(),
    error: z.string().nullable(),
  })
  .openapi('LoadAttempt');
export type LoadAttempt = z.infer<typeof LoadAttemptSchema>;

export interface LoadState {
  source_id: string;
  last_attempt_at: string;
  last_status: LoadStatus;
  last_load_id: string;
  /** Finish time of the last attempt that loaded at least one version. */
  last_loaded_at: string | null;
  last_record_count: number;
  /** Entity counts a loader reports (e.g. clinicians, facilities) for GET /platform/stats. */
  counts: Record<string, number>;
}

const attemptsPk = (sourceId: string) => `LOADS#${sourceId}`;
const STATE_PK = 'LOADSTATE';

export async function readLoadStates(table: Table): Promise<Map<string, LoadState>> {
  const items = await table.queryAll(STATE_PK, { consistent: true });
  return new Map(items.map((i) => [String(i.sk), i as unknown as LoadState]));
}

/** One source's load state (what a new attempt counts its rows from), without reading every source's. */
async function readLoadState(table: Table, sourceId: string): Promise<LoadState | undefined> {
  return (await table.get({ pk: STATE_PK, sk: sourceId }, { consistent: true })) as LoadState | undefined;
}

export function listLoadAttempts(table: Table, sourceId: string, p: PageParams) {
  return pageTable(table, attemptsPk(sourceId), p, (i) => LoadAttemptSchema.parse(strip(i)), { descending: true });
}

/** Record a finished attempt and advance the source's state unless a later-started attempt already did. */
export async function recordLoadAttempt(table: Table, a: LoadAttempt, counts: Record<string, number> = {}) {
  const attempt = LoadAttemptSchema.parse(a);
  await table.put({ pk: attemptsPk(attempt.source_id), sk: `${attempt.started_at}#${attempt.load_id}`, ...attempt });
  const loaded = attempt.version_ids.length > 0 && attempt.status !== 'failed';
  const previous = await table.get({ pk: STATE_PK, sk: attempt.source_id }, { consistent: true });
  await table.update(
    { pk: STATE_PK, sk: attempt.source_id },
    {
      set: {
        source_id: attempt.source_id,
        last_attempt_at: attempt.started_at,
        last_attempt_ms: Date.parse(attempt.started_at),
        last_status: attempt.status,
        last_load_id: attempt.load_id,
        last_record_count: attempt.rows_after,
        last_loaded_at: loaded ? attempt.finished_at : ((previous?.last_loaded_at as string | undefined) ?? null),
        counts: { ...((previous?.counts as Record<string, number> | undefined) ?? {}), ...counts },
      },
      ifBelow: { last_attempt_ms: Date.parse(attempt.started_at) + 1 },
    },
  );
  return attempt;
}

/** What a loader reports while it works, so a failure halfway still records what landed. */
export interface LoadProgress {
  /** A version's rows are written; by default they add to the source's row count. */
  loaded(versionId: number, rows: number): void;
  /** The source's row count after this load, for loaders whose versions replace earlier rows. */
  total(rows: number): void;
  /** An entity count for GET /platform/stats (e.g. `clinicians`, `facilities`). */
  count(name: string, value: number): void;
}

/**
 * Run one load of a source and record it: `succeeded` when `work` resolves, `partial` when it throws
 * after loading some versions, `failed` when it throws before any. The error is rethrown after the
 * attempt is recorded. Rows before come from the source's state; rows after add what was reported
 * (or are the total the loader states).
 */
export async function trackLoad(
  deps: Deps,
  sourceId: string,
  work: (progress: LoadProgress) => Promise<void>,
): Promise<LoadAttempt> {
  const table = deps.tables.archive;
  const state = await readLoadState(table, sourceId);
  const started = deps.clock.now();
  const t0 = performance.now();
  const versionIds: number[] = [];
  const counts: Record<string, number> = {};
  let rows = 0;
  let total: number | undefined;
  let error: unknown;
  try {
    await work({
      loaded: (v, n) => {
        versionIds.push(v);
        rows += n;
      },
      total: (n) => {
        total = n;
      },
      count: (name, value) => {
        counts[name] = value;
      },
    });
  } catch (e) {
    error = e;
  }
  const before = Number(state?.last_record_count ?? 0);
  const after = total ?? before + rows;
  const attempt = await recordLoadAttempt(
    table,
    {
      load_id: `load_${randomBytes(6).toString('hex')}`,
      source_id: sourceId,
      started_at: started.toISOString(),
      finished_at: deps.clock.now().toISOString(),
      duration_ms: Math.round(performance.now() - t0),
      status: error === undefined ? 'succeeded' : versionIds.length ? 'partial' : 'failed',
      version_ids: versionIds,
      rows_before: before,
      rows_after: after,
      rows_delta: after - before,
      error: error === undefined ? null : error instanceof Error ? error.message.slice(0, 500) : String(error),
    },
    counts,
  );
  if (error !== undefined) throw error;
  return attempt;
}

function strip(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest;
}
