import { createHash } from 'node:crypto';
import { CHANGES_PK, changeSortKey } from '../../../shared/archive/change-record';
import {
  blobKey,
  docKey,
  fileKey,
  markerKey,
  PENDING_INDEX,
  sourceFileKey,
  VERSION_PREFIX,
} from '../../../shared/archive/keys';
import type { Deps } from '../../../shared/deps';

export interface ArchiveState {
  /** sha256 -> whether a file item exists. */
  files: Map<string, boolean>;
  /** doc id -> sha256 of each stored version (a sha listed twice is a duplicate). */
  versions: Map<string, string[]>;
  pending: number;
  /** Every broken invariant found, in words. */
  problems: string[];
}

/**
 * Read the archive as a restarted server sees it and list every broken invariant:
 * a file item must have its object, byte-identical (size and sha256); a source link needs its
 * file item; a version needs its document, its change record, a complete marker and its file;
 * no marker may stay pending; one version per (doc, sha256). `expected` are the files an import
 * may have written (sha256 and size known in advance), `docIds` the documents it maps to.
 */
export async function checkArchive(
  deps: Deps,
  sourceId: string,
  expected: readonly { sha256: string; size: number }[],
  docIds: readonly string[],
): Promise<ArchiveState> {
  const t = deps.tables.archive;
  const problems: string[] = [];
  const files = new Map<string, boolean>();
  const verifyFile = async (sha: string, size?: number) => {
    const item = await t.get(fileKey(sha), { consistent: true });
    files.set(sha, Boolean(item));
    if (!item) return false;
    if (size !== undefined && Number(item.size) !== size)
      problems.push(`file ${sha}: item size ${item.size} != ${size}`);
    const head = await deps.blobs.head(blobKey(sha));
    if (!head) {
      problems.push(`file ${sha}: item without object`);
      return true;
    }
    if (head.size !== Number(item.size)) problems.push(`file ${sha}: object ${head.size} bytes, item ${item.size}`);
    const hash = createHash('sha256');
    for await (const chunk of await deps.blobs.get(blobKey(sha))) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== sha) problems.push(`file ${sha}: object bytes do not hash to their key`);
    return true;
  };
  for (const f of expected) await verifyFile(f.sha256, f.size);
  for (const link of await t.queryAll(sourceFileKey(sourceId, '').pk, { consistent: true })) {
    if (!(await t.get(fileKey(link.sk), { consistent: true })))
      problems.push(`source link ${link.sk} without file item`);
  }
  const versions = new Map<string, string[]>();
  for (const docId of docIds) {
    const items = await t.queryAll(docKey(docId).pk, { beginsWith: VERSION_PREFIX, consistent: true });
    versions.set(
      docId,
      items.map((v) => String(v.sha256)),
    );
    if (items.length && !(await t.get(docKey(docId), { consistent: true })))
      problems.push(`${docId}: versions without document`);
    for (const v of items) {
      const id = Number(v.version_id);
      const sha = String(v.sha256);
      if (!(await t.get({ pk: CHANGES_PK, sk: changeSortKey(id) }, { consistent: true })))
        problems.push(`${docId} v${id}: no change record`);
      const marker = await t.get(markerKey(docId, sha, (v.publisher_effective_from as string | null) ?? null), {
        consistent: true,
      });
      if (marker?.state !== 'complete') problems.push(`${docId} v${id}: marker ${marker ? marker.state : 'missing'}`);
      if (!files.has(sha) && !(await verifyFile(sha))) problems.push(`${docId} v${id}: version of a file not archived`);
    }
    const shas = versions.get(docId)!;
    if (new Set(shas).size !== shas.length) problems.push(`${docId}: duplicate versions ${shas.join(', ')}`);
  }
  const pending = (await t.queryAll(PENDING_INDEX, { index: 'gsi2', consistent: false })).length;
  if (pending) problems.push(`${pending} pending marker(s) left`);
  return { files, versions, pending, problems };
}
