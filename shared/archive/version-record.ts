import type { Origin } from './ingest-types';

/** A version of a document as stored (`DOC#<doc_id>` / `V#<id>`) and served by the versions list. */
export interface VersionRecord {
  version_id: number;
  doc_id: string;
  source_id: string;
  title: string;
  sha256: string;
  size: number;
  /** File name as served (or as stored in its zip). */
  name: string;
  parent_sha256: string | null;
  publisher_version: string | null;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  /** How the label and window were obtained: file_name, content, listing, given (by the importer), none. */
  version_method: string;
  /** ISO timestamp: when the archive first saw these bytes for this document. */
  observed_from: string;
  origin: Origin;
  run_id: string | null;
  source_url: string | null;
  /**
   * ISO time of the latest fetch or import that saw these bytes again while they were the
   * document's newest version (null: not seen again since first observed); see versions.ts `recordSeen`.
   */
  last_seen_at: string | null;
}

export const VERSION_FIELDS: readonly (keyof VersionRecord)[] = [
  'version_id',
  'doc_id',
  'source_id',
  'title',
  'sha256',
  'size',
  'name',
  'parent_sha256',
  'publisher_version',
  'publisher_effective_from',
  'publisher_effective_to',
  'version_method',
  'observed_from',
  'origin',
  'run_id',
  'source_url',
  'last_seen_at',
];

/** The stored item as a record: only the declared fields, absent ones as null. */
export function toVersionRecord(item: Record<string, unknown>): VersionRecord {
  const out: Record<string, unknown> = {};
  for (const f of VERSION_FIELDS) out[f] = item[f] ?? null;
  out.version_id = Number(item.version_id);
  out.size = Number(item.size ?? 0);
  return out as unknown as VersionRecord;
}
