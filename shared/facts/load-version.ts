import { CHANGES_PK } from '../archive/change-record';
import { padVersion } from '../archive/keys';
import type { Deps } from '../deps';
import type { ActiveConsumer, ConsumerPlan, Json, LoadFile, SideStore } from '../loads/consumer';
import type { Located } from '../publishers/common/types';
import { docParser } from '../sources/registry';
import { loadedKey } from './keys';
import { factsLoaderVersion, hasLoader } from './loader-version';
import { factsFor, isCustom, type RowFacts } from './registry';
import { FactWriter } from './store';
import type { Timeline, TimelineVersion } from './timeline';
import { markLoaded } from './timeline-write';

export interface LoadOutcome {
  version_id: number;
  doc_id: string;
  /**
   * busy: another process holds the version's load; suspended: the run's time ran out, a
   * checkpoint is stored and the next run goes on (the version is not served meanwhile).
   */
  status: 'loaded' | 'already_loaded' | 'no_loader' | 'failed' | 'busy' | 'suspended';
  facts: number;
  codes: number;
  /** Why the version could not be loaded (status failed): the file does not parse as its layout. */
  error?: string;
  /** Records of the file stored so far (status suspended: where the next run goes on). */
  records?: number;
}

export { factsLoaderVersion, hasLoader };

interface FactsDone {
  facts: number;
  codes: number;
}

/** What a resumed facts load restarts from: facts written, and how many side items hold the codes met. */
interface FactsState {
  written: number;
  parts: number;
}

/** Codes per side item (a few tens of KB). */
const CODES_PER_PART = 4000;

/**
 * The warrant facts of one archived version as a consumer of the load pipeline
 * (shared/loads/pipeline.ts): each record of the file (streamed from S3, never from anywhere
 * else, parsed once for every consumer) becomes facts keyed by source, version and code; at the
 * end the codes the version governs are recorded on its change record (the coverage mapping
 * behind `affected_codes`, with `affected_codes_status: 'mapped'`, which lets the webhook run
 * deliver it to code-scoped subscriptions) and only then is it marked loaded. Keys derive from
 * (version, kind, record), so a load resumed from a checkpoint, or run again, rewrites the same
 * items; the codes met before a checkpoint are kept in side items beside it.
 */
export function factsConsumer(
  deps: Deps,
  sourceId: string,
  v: TimelineVersion,
  timeline: Timeline,
): ConsumerPlan<LoadOutcome, FactsDone> {
  const loader = factsLoaderVersion(v.doc_id)!;
  const facts = factsFor(v.doc_id)!;
  const base = { version_id: v.version_id, doc_id: v.doc_id };
  const parser = isCustom(facts) ? undefined : docParser(v.doc_id, v.name);
  const plan: ConsumerPlan<LoadOutcome, FactsDone> = {
    kind: 'facts',
    id: 'facts',
    loader,
    priority: 1,
    parser,
    async recheck() {
      const marker = await deps.tables.facts.get(loadedKey(v.version_id), { consistent: true });
      if (!marker || String(marker.loader_version ?? '1') !== loader) return undefined;
      // Written, but the timeline may not say so yet (a load cut short after the marker).
      await markLoaded(deps.tables.facts, sourceId, v, loader);
      return { ...base, status: 'already_loaded', facts: Number(marker.facts), codes: Number(marker.codes) };
    },
    outcome: (end) => ({
      ...base,
      status: end.status,
      facts: end.result?.facts ?? 0,
      codes: end.result?.codes ?? 0,
      ...(end.error ? { error: end.error } : {}),
      ...(end.records !== undefined ? { records: end.records } : {}),
    }),
    finished: (r) => ({ rows: r.facts }),
    describe: (o, f) =>
      `${sourceId} ${o.doc_id} v${o.version_id} (${f.name}): ${o.status}${o.error ? ` (${o.error})` : ''}${
        o.status === 'suspended'
          ? ` after ${o.records} records (checkpoint stored)`
          : `, ${o.facts} facts, ${o.codes} codes`
      }`,
  };
  if (isCustom(facts)) {
    plan.load = async () => {
      const writer = new FactWriter(deps.tables.facts, sourceId, v);
      await facts.load(deps, writer, v, timeline);
      await writer.flush();
      return finish(deps, sourceId, v, writer, loader);
    };
  } else if (parser) {
    plan.open = (ctx) => openRows(deps, sourceId, v, facts, loader, ctx);
  } else {
    plan.load = async () => {
      throw new Error(`no layout reads ${v.name} (${v.doc_id})`);
    };
  }
  return plan;
}

async function openRows(
  deps: Deps,
  sourceId: string,
  v: TimelineVersion,
  facts: RowFacts,
  loader: string,
  ctx: { resume?: Json; side: SideStore },
): Promise<ActiveConsumer<FactsDone>> {
  const writer = new FactWriter(deps.tables.facts, sourceId, v);
  const state = ctx.resume as unknown as FactsState | undefined;
  let parts = 0;
  if (state) {
    writer.written = state.written;
    parts = state.parts;
    for (const codes of await ctx.side.list('codes#')) for (const c of codes as string[]) writer.keys.add(c);
  }
  let stored = writer.keys.size;
  return {
    async add(record: Located) {
      for (const row of facts.rows(record)) await writer.add(row);
    },
    flush: () => writer.flush(),
    async save() {
      // Only the codes met since the last checkpoint: a Set iterates in insertion order.
      const fresh = [...writer.keys].slice(stored);
      for (let i = 0; i < fresh.length; i += CODES_PER_PART) {
        await ctx.side.put(`codes#${String(parts++).padStart(6, '0')}`, fresh.slice(i, i + CODES_PER_PART));
      }
      stored = writer.keys.size;
      return { written: writer.written, parts } satisfies FactsState;
    },
    finish: () => finish(deps, sourceId, v, writer, loader),
  };
}

/** The codes on the change record, then the LOADED marker, then the timeline: in that order. */
async function finish(
  deps: Deps,
  sourceId: string,
  v: TimelineVersion,
  writer: FactWriter,
  loader: string,
): Promise<FactsDone> {
  const codes = [...writer.keys].sort();
  const change = await deps.tables.archive.update(
    { pk: CHANGES_PK, sk: padVersion(v.version_id) },
    { set: { affected_codes: codes, affected_codes_status: 'mapped' }, ifExists: true },
  );
  // No LOADED marker without the codes on the change record: the delivery run trusts a marker to
  // mean the record's codes are final (shared/feed/codes-status.ts). Ingest writes the change
  // record before the version item this load was found through, so this is a broken archive.
  if (!change) throw new Error(`change record of version ${v.version_id} is missing; the version stays unloaded`);
  await deps.tables.facts.put({
    ...loadedKey(v.version_id),
    source_id: sourceId,
    doc_id: v.doc_id,
    facts: writer.written,
    codes: codes.length,
    loader_version: loader,
    loaded_at: deps.clock.now().toISOString(),
  });
  await markLoaded(deps.tables.facts, sourceId, v, loader);
  return { facts: writer.written, codes: codes.length };
}

/** The file a version's facts are read from. */
export function factsFile(sourceId: string, v: TimelineVersion): LoadFile {
  return { source_id: sourceId, doc_id: v.doc_id, version_id: v.version_id, sha256: v.sha256, name: v.name };
}
