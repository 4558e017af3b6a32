import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The archive reads an agent needs to check a receipt, as agent tools (shared/mcp). */
export const ARCHIVE_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'archive_as_of',
    method: 'get',
    path: '/archive/docs/{doc_id}/as-of',
    proves:
      'Proves which archived version of a publisher document was in force on the date, and by which rule. A gap (missing_release, stale_version, before_first_version, between_windows, ...) means no version can be named for that date: the archive never guesses.',
  }),
  tool({
    name: 'archive_versions',
    method: 'get',
    path: '/v1/archive/docs/{doc_id}/versions',
    proves:
      'Lists the archived versions of a document with their effective windows and sha256: the history a receipt is checked against. The list is paged (`limit`, default 50): follow `next` as `cursor` before concluding a version is absent. An empty list means the document is declared but nothing of it is archived yet.',
  }),
  tool({
    name: 'archive_file',
    method: 'get',
    path: '/v1/archive/files/{sha256}',
    proves:
      'Proves the archive holds the file with this sha256 (the id a receipt cites), with its metadata and a one-hour link to the original bytes. A 404 means no such file is archived.',
  }),
];
