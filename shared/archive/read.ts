import type { Deps } from '../deps';
import { LicenseRestrictedError, NotFoundError } from '../http/errors';
import { type Page, type PageParams, pageArray, pageTable } from '../http/paging';
import { getSource, SOURCES } from '../sources/registry';
import type { SourceDecl } from '../sources/types';
import type { Table } from '../storage/table';
import { blobKey, docsIndex, fileKey, MEMBER_PREFIX, sourceFilesIndex, TEXT_PREFIX } from './keys';
import { readProvenance } from './request-provenance';
import { documentExists, loadVersions, resolveAsOf } from './resolve';
import { countSource, readSourceStats, type SourceStats } from './source-stats';
import type { VersionRecord } from './version-record';

/** Links to original bytes live this long (spec, Limits: one hour). */
export const LINK_SECONDS = 3600;
/** Renderings up to this size are returned inline; larger ones only through their link. */
export const INLINE_TEXT_BYTES = 4 * 1024 * 1024;
const MEMBERS_LISTED = 1000;

/**
 * The archive's read side, one method per endpoint. Lists are ordered on unique keys (source id;
 * first observation then sha256; doc number; version id) so pages never repeat or skip. Files of
 * sources flagged for third-party-licensed descriptors are listed, but their bytes and text are
 * withheld with a 451 problem that says why.
 */
export class ArchiveQueries {
  constructor(private readonly deps: Deps) {}

  private get table() {
    return this.deps.tables.archive;
  }

  private source(sourceId: string): SourceDecl {
    const s = getSource(sourceId);
    if (!s) throw new NotFoundError(`Unknown source_id '${sourceId}'.`);
    return s;
  }

  async listSources(p: PageParams) {
    const all = [...SOURCES].sort((a, b) => (a.sourceId < b.sourceId ? -1 : 1));
    const page = pageArray(all, p, { list: 'archive-sources', key: (s) => s.sourceId });
    const stats = await readSourceStats(this.table);
    const items = await Promise.all(
      page.items.map(async (s) => ({
        source_id: s.sourceId,
        title: s.title,
        publisher: s.publisher,
        license: { name: s.license.name, url: s.license.url ?? null, notice: s.license.notice ?? null },
        third_party_licensed_descriptors: s.thirdPartyLicensedDescriptors,
        cadence: s.cadence.cadence,
        exempt_reason: s.cadence.cadence === 'exempt' ? s.cadence.reason : null,
        accuracy_class: s.accuracyClass,
        registered_on: s.registeredOn,
        urls: s.urls.map((u) => ({ url: u.url, kind: u.kind, note: u.note ?? null })),
        version_method: s.versionMethod,
        documents: s.docs.map((d) => ({ doc_id: d.docId, title: d.title })),
        ...(await statsOf(this.table, stats, s.sourceId)),
      })),
    );
    return { ...page, items };
  }

  listFiles(sourceId: string, p: PageParams) {
    this.source(sourceId);
    return pageTable(
      this.table,
      sourceFilesIndex(sourceId),
      p,
      (i) => ({
        sha256: String(i.sha256),
        name: String(i.name),
        size: Number(i.size),
        content_type: String(i.content_type),
        first_observed: String(i.first_observed),
        parent_sha256: (i.parent_sha256 as string | null) ?? null,
        file_url: `${this.deps.config.publicBaseUrl}/v1/archive/files/${i.sha256}`,
      }),
      { index: 'gsi1' },
    );
  }

  listDocs(sourceId: string, p: PageParams) {
    this.source(sourceId);
    const base = this.deps.config.publicBaseUrl;
    return pageTable(
      this.table,
      docsIndex(sourceId),
      p,
      (i) => ({
        doc_id: String(i.doc_id),
        source_id: String(i.source_id),
        title: String(i.title),
        first_observed: String(i.first_observed),
        latest_version_id: Number(i.latest_version_id) || null,
        versions_url: `${base}/v1/archive/docs/${i.doc_id}/versions`,
        as_of_url: `${base}/archive/docs/${i.doc_id}/as-of`,
      }),
      { index: 'gsi1' },
    );
  }

  async listVersions(docId: string, p: PageParams): Promise<Page<VersionRecord>> {
    const versions = await loadVersions(this.table, docId);
    if (!versions.length && !(await documentExists(this.table, docId))) {
      throw new NotFoundError(`Unknown doc_id '${docId}'.`);
    }
    return pageArray(versions, p, { list: ['archive-versions', docId], key: (v) => v.version_id });
  }

  async asOf(docId: string, date: string) {
    const answer = await resolveAsOf(this.table, docId, date);
    if (!answer) throw new NotFoundError(`Unknown doc_id '${docId}'.`);
    return { ...answer, versions_url: `${this.deps.config.publicBaseUrl}/v1/archive/docs/${docId}/versions` };
  }

  private async fileItem(sha256: string) {
    const item = await this.table.get(fileKey(sha256));
    if (!item) throw new NotFoundError(`No archived file has sha256 ${sha256}.`);
    const source = getSource(String(item.source_id));
    return { item, restricted: source?.thirdPartyLicensedDescriptors ?? false, source };
  }

  private withheld(what: string, sourceId: string, sha256: string, extra: Record<string, unknown> = {}) {
    return new LicenseRestrictedError(
      `${what} of this file: not served, because files of source ${sourceId} carry procedure-code descriptors (CPT) under a third-party license (AMA). Its metadata stays listed.`,
      { sha256, source_id: sourceId, ...extra },
    );
  }

  async getFile(sha256: string) {
    const { item, restricted, source } = await this.fileItem(sha256);
    const members = await this.table.query(item.pk, { beginsWith: MEMBER_PREFIX, limit: MEMBERS_LISTED });
    const meta = {
      sha256,
      size: Number(item.size),
      content_type: String(item.content_type),
      name: String(item.name),
      member_path: (item.member_path as string | null) ?? null,
      source_id: String(item.source_id),
      first_observed: String(item.first_observed),
      origin: String(item.origin),
      storage_key: String(item.storage_key ?? blobKey(sha256)),
      parent_sha256: (item.parent_sha256 as string | null) ?? null,
      is_zip: Boolean(item.is_zip),
      member_count: (item.member_count as number | null) ?? null,
      kept_whole: Boolean(item.kept_whole),
      request: readProvenance(item.request),
      members: members.items.map((m) => ({
        sha256: String(m.sha256),
        name: String(m.name),
        member_path: String(m.member_path),
        size: Number(m.size),
      })),
      license: source?.license.name ?? null,
      text_url: `${this.deps.config.publicBaseUrl}/archive/files/${sha256}/text`,
    };
    if (restricted) throw this.withheld('The original bytes', meta.source_id, sha256, { file: meta });
    const expires = new Date(this.deps.clock.now().getTime() + LINK_SECONDS * 1000);
    const url = await this.deps.blobs.presignGet(meta.storage_key, LINK_SECONDS, meta.name);
    return { ...meta, download_url: url, download_expires_at: expires.toISOString() };
  }

  /** A fresh one-hour link to the original bytes (the public, citable route); licensed files are withheld. */
  async originalLink(sha256: string): Promise<string> {
    const { item, restricted } = await this.fileItem(sha256);
    if (restricted) throw this.withheld('The original bytes', String(item.source_id), sha256);
    return this.deps.blobs.presignGet(String(item.storage_key ?? blobKey(sha256)), LINK_SECONDS, String(item.name));
  }

  async getText(sha256: string) {
    const { item, restricted } = await this.fileItem(sha256);
    if (restricted) throw this.withheld('The text', String(item.source_id), sha256);
    const renderings = await this.table.queryAll(item.pk, { beginsWith: TEXT_PREFIX });
    const ok = renderings
      .filter((r) => r.status === 'ok')
      .sort((a, b) => (String(a.rendered_at) < String(b.rendered_at) ? 1 : -1));
    const best = ok[0];
    if (!best) {
      const why = renderings[0];
      throw new NotFoundError(
        why
          ? `No text rendering is stored for this file (${why.status}: ${why.detail}).`
          : 'No text rendering is stored for this file yet.',
        { sha256, reason: why?.status ?? 'not_rendered' },
      );
    }
    const bytes = Number(best.bytes);
    const key = String(best.storage_key);
    const inline = bytes <= INLINE_TEXT_BYTES ? (await this.deps.blobs.getBuffer(key)).toString('utf8') : null;
    return {
      sha256,
      renderer: String(best.renderer),
      renderer_version: String(best.renderer_version),
      encoding: (best.encoding as string | null) ?? null,
      rendered_at: String(best.rendered_at),
      bytes,
      chars: Number(best.chars),
      replacement_chars: Number(best.replacement_chars ?? 0),
      text: inline,
      text_download_url: await this.deps.blobs.presignGet(key, LINK_SECONDS, `${item.name}.txt`),
    };
  }
}

/**
 * A source's counts as the source list serves them: from its counter item (one query for all
 * sources, source-stats.ts), or counted from the archive while its counters are not rebuilt yet.
 */
async function statsOf(table: Table, stats: Map<string, SourceStats>, sourceId: string) {
  const s = stats.get(sourceId) ?? (await countSource(table, sourceId));
  return { archive_file_count: s.files, archived_doc_count: s.docs };
}
