import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Deps } from '../deps';
import { isRealDate } from '../http/schemas';
import { type FileMapping, getDocDecl, getSource, keepsZipWhole, mapFile } from '../sources/registry';
import type { FileContext, SourceDecl } from '../sources/types';
import { type TimelineKind, timelineKind, versionRule } from './as-of';
import { contentTypeFor } from './content-type';
import { UnarchivableFileError } from './errors';
import { type FileFacts, putFileMeta, uploadBytes } from './file-store';
import type { IngestedFile, IngestInput, IngestResult, Origin } from './ingest-types';
import { ORIGINS } from './ingest-types';
import { type PreparedFile, postOrder, preOrder, prepare } from './prepare';
import { loadVersions } from './resolve';
import { ensureText } from './text-store';
import { createVersion, repairPending } from './versions';
import { ZIP_LIMITS } from './zip';

export type { IngestedFile, IngestInput, IngestResult, Origin } from './ingest-types';

/**
 * The archive's write side. `ingest` archives one file (and, for a zip, every member, nested zips
 * too, except a zip its document keeps whole: DocDecl.keepZipWhole) in two phases:
 *
 * 1. prepare: spool to a temporary file while hashing (sha256 of the original bytes, before any
 *    parsing; a whole local file is hashed where it lies, see spool.ts), extract and verify zip
 *    members. Bad input (empty file, interrupted stream, damaged zip) fails here, before anything
 *    is written.
 * 2. commit: upload every file's bytes under its content-addressed key, then, members before their
 *    zip, write the file items, text renderings and document versions. Every write is idempotent,
 *    so re-ingesting after a failure finishes the job and the same bytes never make a second file
 *    or a second version.
 */
export class Archive {
  constructor(readonly deps: Deps) {}

  async ingest(input: IngestInput): Promise<IngestResult> {
    const source = getSource(input.sourceId);
    if (!source) throw new UnarchivableFileError('bad_metadata', `Unknown source_id '${input.sourceId}'.`);
    checkInput(input);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-ingest-'));
    try {
      const { root, skipped } = await prepare(
        input.body,
        baseName(input.name),
        tmp,
        input.onProgress,
        { maxMembers: source.maxZipMembers ?? ZIP_LIMITS.maxMembers },
        (f) => keepsZipWhole(source, f.name, f.parent ? undefined : input.docId),
      );
      if (input.docId && root.isZip && !root.keptWhole) {
        throw new UnarchivableFileError(
          'bad_metadata',
          `${root.name} is a zip: a document is given to a single file only (import the member itself), unless the document keeps its zips whole.`,
        );
      }
      const observedAt = (input.observedAt ?? this.deps.clock.now()).toISOString();
      const origin: Origin = input.origin ?? 'live';
      const contentType = (f: PreparedFile) => contentTypeFor(f.name, f.parent ? undefined : input.contentType);

      for (const f of postOrder(root)) await uploadBytes(this.deps, f, contentType(f));

      const results = new Map<PreparedFile, IngestedFile>();
      for (const f of postOrder(root)) {
        const facts: FileFacts = {
          sourceId: source.sourceId,
          contentType: contentType(f),
          observedAt,
          origin,
          runId: input.runId,
          sourceUrl: input.sourceUrl,
          request: f.parent ? undefined : input.request,
        };
        const newFile = await putFileMeta(this.deps, f, facts);
        await ensureText(this.deps, f, facts.contentType, observedAt);
        const version = await this.version(source, f, input, observedAt, origin);
        results.set(f, {
          sha256: f.spooled.sha256,
          size: f.spooled.size,
          name: f.name,
          parentSha256: f.parent?.spooled.sha256 ?? null,
          docId: version?.docId ?? null,
          versionId: version?.versionId ?? null,
          newVersion: version?.created ?? false,
          newFile,
          unmatched: !version && !f.isZip,
          effectiveFrom: version?.from ?? null,
          rule: version?.created ? versionRule({ publisher_effective_from: version.from }) : null,
          timeline: null,
          warning: null,
        });
      }
      const files = preOrder(root).map((f) => results.get(f)!);
      await this.describeTimelines(files);
      this.deps.logger.debug('archive.ingest', {
        source_id: source.sourceId,
        name: root.name,
        sha256: root.spooled.sha256,
        files: files.length,
        new_versions: files.filter((f) => f.newVersion).length,
      });
      return { files, skipped };
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  /** Finish versions a crashed writer left pending (see versions.ts); cheap when there are none. */
  repair(): Promise<number> {
    return repairPending(this.deps);
  }

  /**
   * The timeline of each document that gained a version, read once per document after every
   * version of the ingest is written: a document that now mixes windowed and observed versions
   * gets a warning on its new versions, because the as-of rule then lets an observed version end
   * the open-ended windows that began before it.
   */
  private async describeTimelines(files: IngestedFile[]): Promise<void> {
    const docs = new Map<string, TimelineKind | null>();
    for (const f of files) {
      if (!f.newVersion || !f.docId) continue;
      if (!docs.has(f.docId)) docs.set(f.docId, timelineKind(await loadVersions(this.deps.tables.archive, f.docId)));
      f.timeline = docs.get(f.docId) ?? null;
      f.warning = f.timeline === 'mixed' ? mixedTimelineWarning(f.docId) : null;
    }
  }

  private async version(source: SourceDecl, f: PreparedFile, input: IngestInput, observedAt: string, origin: Origin) {
    const file = { name: f.name, parents: f.parents, head: f.spooled.head };
    const placed = input.docId !== undefined && !f.parent;
    const mapping = placed ? placeFile(source, input.docId!, file) : mapFile(source, file);
    if (!mapping.docId) return null;
    const r = mapping.reading;
    const given = placed || input.publisherVersion != null || input.effectiveFrom != null || input.effectiveTo != null;
    const from = input.effectiveFrom ?? r.effectiveFrom;
    const to = input.effectiveFrom != null || input.effectiveTo != null ? (input.effectiveTo ?? null) : r.effectiveTo;
    const { versionId, created } = await createVersion(this.deps, {
      doc_id: mapping.docId,
      source_id: source.sourceId,
      title: mapping.title ?? mapping.docId,
      sha256: f.spooled.sha256,
      size: f.spooled.size,
      name: f.name,
      parent_sha256: f.parent?.spooled.sha256 ?? null,
      publisher_version: input.publisherVersion ?? r.publisherVersion,
      publisher_effective_from: from,
      publisher_effective_to: from ? to : null,
      version_method: given ? 'given' : r.method,
      observed_from: observedAt,
      origin,
      run_id: input.runId ?? null,
      source_url: input.sourceUrl ?? null,
    });
    return { docId: mapping.docId, versionId, created, from };
  }
}

/** The one-line warning for a document whose versions are now partly windowed, partly observed. */
export function mixedTimelineWarning(docId: string): string {
  return `${docId} now mixes windowed and observed versions: an observed version ends every open-ended window that began before it.`;
}

/** A file placed by hand under a document: read by that document's reader, whatever its name. */
function placeFile(source: SourceDecl, docId: string, file: FileContext): FileMapping {
  const doc = source.docs.find((d) => d.docId === docId)!;
  return { docId, title: doc.title, reading: (doc.readVersion ?? source.readVersion)(file) };
}

function baseName(name: string): string {
  const b = name.split(/[\\/]/).pop() ?? '';
  if (!b.trim()) throw new UnarchivableFileError('bad_metadata', 'The file name is empty.');
  return b;
}

/** Overrides are checked before anything is read, so a bad flag never leaves a half-ingest. */
function checkInput(input: IngestInput): void {
  if (input.docId !== undefined && getDocDecl(input.docId)?.source.sourceId !== input.sourceId) {
    const docs = getSource(input.sourceId)?.docs.map((d) => d.docId) ?? [];
    throw new UnarchivableFileError(
      'bad_metadata',
      `${input.docId} is not a document of ${input.sourceId} (its documents: ${docs.join(', ') || 'none'}).`,
    );
  }
  for (const [k, v] of [
    ['effectiveFrom', input.effectiveFrom],
    ['effectiveTo', input.effectiveTo],
  ] as const) {
    if (v != null && !isRealDate(v)) throw new UnarchivableFileError('bad_metadata', `${k} must be a YYYY-MM-DD date.`);
  }
  if (input.effectiveTo != null && input.effectiveFrom == null) {
    throw new UnarchivableFileError('bad_metadata', 'effectiveTo needs effectiveFrom.');
  }
  if (input.effectiveFrom != null && input.effectiveTo != null && input.effectiveTo < input.effectiveFrom) {
    throw new UnarchivableFileError('bad_metadata', 'effectiveTo is before effectiveFrom.');
  }
  if (input.origin !== undefined && !ORIGINS.includes(input.origin)) {
    throw new UnarchivableFileError('bad_metadata', `origin must be one of ${ORIGINS.join(', ')}.`);
  }
  if (input.observedAt !== undefined && Number.isNaN(input.observedAt.getTime())) {
    throw new UnarchivableFileError('bad_metadata', 'observedAt is not a valid time.');
  }
}
