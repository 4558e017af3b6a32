import { CHANGES_PK } from '../archive/change-record';
import { blobKey, padVersion } from '../archive/keys';
import type { Deps } from '../deps';
import { docParser } from '../sources/registry';
import { loadedKey } from './keys';
import { factsLoaderVersion, hasLoader } from './loader-version';
import { factsFor, isCustom } from './registry';
import { FactWriter } from './store';
import { markLoaded, type Timeline, type TimelineVersion } from './timeline';

export interface LoadOutcome {
  version_id: number;
  doc_id: string;
  status: 'loaded' | 'already_loaded' | 'no_loader' | 'failed';
  facts: number;
  codes: number;
  /** Why the version could not be loaded (status failed): the file does not parse as its layout. */
  error?: string;
}

export { factsLoaderVersion, hasLoader };

/**
 * Parse one archived version (streamed from S3, never from anywhere else) into facts keyed by
 * source, version and code; then record the codes it governs on its change record (the coverage
 * mapping behind `affected_codes`, with `affected_codes_status: 'mapped'`, which lets the webhook
 * run deliver it to code-scoped subscriptions) and only then mark it loaded. Idempotent: a loaded
 * version is skipped, and a load interrupted halfway rewrites the same keys when run again.
 */
export async function loadVersion(
  deps: Deps,
  sourceId: string,
  v: TimelineVersion,
  timeline: Timeline,
): Promise<LoadOutcome> {
  const base = { version_id: v.version_id, doc_id: v.doc_id };
  if (!hasLoader(v.doc_id)) return { ...base, status: 'no_loader', facts: 0, codes: 0 };
  const loader = factsLoaderVersion(v.doc_id)!;
  const marker = await deps.tables.facts.get(loadedKey(v.version_id), { consistent: true });
  if (marker && String(marker.loader_version ?? '1') === loader) {
    // Written, but the timeline may not say so yet (a load cut short after the marker).
    await markLoaded(deps.tables.facts, sourceId, v.version_id, loader);
    return { ...base, status: 'already_loaded', facts: Number(marker.facts), codes: Number(marker.codes) };
  }

  const writer = new FactWriter(deps.tables.facts, sourceId, v);
  const facts = factsFor(v.doc_id)!;
  if (isCustom(facts)) {
    await facts.load(deps, writer, v, timeline);
  } else {
    const parser = docParser(v.doc_id, v.name);
    if (!parser) throw new Error(`no layout reads ${v.name} (${v.doc_id})`);
    const stream = await deps.blobs.get(blobKey(v.sha256));
    for await (const record of parser.parse(stream, { fileName: v.name })) {
      for (const row of facts.rows(record)) await writer.add(row);
    }
  }
  await writer.flush();
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
  await markLoaded(deps.tables.facts, sourceId, v.version_id, loader);
  return { ...base, status: 'loaded', facts: writer.written, codes: codes.length };
}
