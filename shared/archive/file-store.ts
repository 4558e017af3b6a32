import type { Readable } from 'node:stream';
import type { Deps } from '../deps';
import { blobKey, fileKey, memberKey, sourceFileKey, sourceFilesIndex } from './keys';
import type { PreparedFile } from './prepare';
import type { RequestProvenance } from './request-provenance';
import { countNew } from './source-stats';
import { readSpooled, readSpooledBuffer } from './spool';

/** Bodies up to this size are read into memory for a single PUT; larger ones stream (multipart). */
const SINGLE_PUT_BYTES = 8 * 1024 * 1024;

export interface FileFacts {
  sourceId: string;
  contentType: string;
  observedAt: string;
  origin: string;
  runId?: string;
  sourceUrl?: string;
  request?: RequestProvenance;
}

/**
 * Store the original bytes under their content-addressed key, unless an object of that size is
 * already there. Same key means same bytes, so a second writer (a racing ingest) rewrites identical
 * content and nothing is ever modified. A failed upload leaves no object (multipart parts are
 * aborted), and no metadata has been written yet.
 */
export async function uploadBytes(deps: Deps, f: PreparedFile, contentType: string): Promise<void> {
  const key = blobKey(f.spooled.sha256);
  const head = await deps.blobs.head(key);
  if (head && head.size === f.spooled.size) return;
  // Verified after writing; one more PUT (same key, same bytes: harmless) if the store shows
  // another size, as the local S3 emulator briefly can under load; a second mismatch fails.
  for (let attempt = 1; ; attempt++) {
    const body =
      f.spooled.size <= SINGLE_PUT_BYTES ? readSpooledBuffer(f.spooled) : (readSpooled(f.spooled) as Readable);
    await deps.blobs.put(key, body, { contentType, size: f.spooled.size });
    const after = await deps.blobs.head(key);
    if (after && after.size === f.spooled.size) return;
    if (attempt === 2) {
      throw new Error(`Stored object ${key} has ${after?.size ?? 'no'} bytes, expected ${f.spooled.size}.`);
    }
    deps.logger.warn('stored object size mismatch; writing it again', { key, size: after?.size ?? null });
  }
}

/**
 * Write the file's metadata item (first writer wins: the item records the first observation and
 * is never rewritten), its link to the source, and its link from the parent zip. Returns whether
 * this call created the file item.
 */
export async function putFileMeta(deps: Deps, f: PreparedFile, facts: FileFacts): Promise<boolean> {
  const table = deps.tables.archive;
  const sha = f.spooled.sha256;
  const created = await table.put(
    {
      ...fileKey(sha),
      sha256: sha,
      size: f.spooled.size,
      content_type: facts.contentType,
      name: f.name,
      member_path: f.memberPath,
      source_id: facts.sourceId,
      first_observed: facts.observedAt,
      origin: facts.origin,
      storage_key: blobKey(sha),
      parent_sha256: f.parent?.spooled.sha256 ?? null,
      is_zip: f.isZip,
      member_count: f.isZip ? f.memberCount : null,
      kept_whole: f.keptWhole,
      run_id: facts.runId ?? null,
      source_url: facts.sourceUrl ?? null,
      request: facts.request ?? null,
    },
    { ifAbsent: true },
  );
  const linked = await table.put(
    {
      ...sourceFileKey(facts.sourceId, sha),
      gsi1pk: sourceFilesIndex(facts.sourceId),
      gsi1sk: `${facts.observedAt}#${sha}`,
      sha256: sha,
      name: f.name,
      size: f.spooled.size,
      content_type: facts.contentType,
      first_observed: facts.observedAt,
      parent_sha256: f.parent?.spooled.sha256 ?? null,
    },
    { ifAbsent: true },
  );
  // Counted once, by the writer that created the link (a retried or repeated ingest finds it there).
  if (linked) await countNew(table, facts.sourceId, 'files');
  if (f.parent && f.memberIndex !== null) {
    await table.put({
      ...memberKey(f.parent.spooled.sha256, f.memberIndex),
      sha256: sha,
      name: f.name,
      member_path: f.memberPath,
      size: f.spooled.size,
    });
  }
  return created;
}
