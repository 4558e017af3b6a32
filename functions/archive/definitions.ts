import { createRoute } from '@hono/zod-openapi';
import { RunRecordSchema } from '../../shared/archive/runs';
import { PageQuery, pageOf } from '../../shared/http/paging';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import {
  ArchiveDocument,
  ArchiveFile,
  ArchiveFileSummary,
  ArchiveSource,
  ArchiveText,
  ArchiveVersion,
  AsOfAnswer,
  AsOfQuery,
  ChangePage,
  ChangesQuery,
  DocIdParam,
  RunsQuery,
  Sha256Param,
  SourceIdParam,
} from './schemas';

const tags = ['Archive'];

export const sourcesRoute = createRoute({
  method: 'get',
  path: '/v1/archive/sources',
  tags,
  summary: 'Archive sources',
  description:
    'Every registered source: publisher, license, whether its files carry third-party-licensed descriptors, declared cadence, accuracy class, registration date, the URLs it is fetched from, how versions are read, its documents, and how many files and documents are archived. Ordered by source_id.',
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(ArchiveSource, 'ArchiveSourcePage'), 'Sources.'),
    ...problemResponses(400, 401),
  },
});

export const filesRoute = createRoute({
  method: 'get',
  path: '/archive/{source_id}/files',
  tags,
  summary: 'Files of a source',
  description:
    'Every archived file of the source, zip members included (each names its parent), ordered by first observation then sha256. No filters beyond paging: the versions list of a document gives its files. Files of third-party-licensed sources are listed too.',
  request: { params: SourceIdParam, query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(ArchiveFileSummary, 'ArchiveFilePage'), 'Files.'),
    ...problemResponses(400, 401, 404),
  },
});

export const docsRoute = createRoute({
  method: 'get',
  path: '/archive/{source_id}/docs',
  tags,
  summary: 'Documents of a source',
  description: 'Documents with at least one archived version, ordered by doc id prefix then number.',
  request: { params: SourceIdParam, query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(ArchiveDocument, 'ArchiveDocumentPage'), 'Documents.'),
    ...problemResponses(400, 401, 404),
  },
});

export const versionsRoute = createRoute({
  method: 'get',
  path: '/v1/archive/docs/{doc_id}/versions',
  tags,
  summary: 'Versions of a document (public)',
  description:
    'All versions: publisher label, effective window, sha256, first observation and origin, ordered by version_id. A declared document without versions answers an empty list; an unknown doc_id is 404.',
  request: { params: DocIdParam, query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(ArchiveVersion, 'ArchiveVersionPage'), 'Versions.'),
    ...problemResponses(400, 404),
  },
});

export const asOfRoute = createRoute({
  method: 'get',
  path: '/archive/docs/{doc_id}/as-of',
  tags,
  summary: 'The version in force on a date (public)',
  description:
    'One rule for every timeline, windowed, observed or mixed (`method` states it): a version starts on its publisher effective date (rule `publisher_effective_window`), else on the UTC date the archive first observed it (rule `first_observed`); its window runs to the publisher’s stated end, else to the day before the next later start of any version of the document; of the versions whose window contains the date the latest start decides, and reissues of one window go to the last observed (earlier ones in `superseded`). A version whose end the publisher did not state is checked against the source’s declared cadence: a scheduled release the archive lacks between its start and the date is a `missing_release` gap, and an age at or past the cadence’s critical threshold (from its start, or the last fetch that saw it as the newest version) is a `stale_version` gap; `freshness` reports the age otherwise. Other gaps: no_versions, before_first_version, between_windows, after_last_window, ambiguous. Never a guess, never a version beginning after the date.',
  request: { params: DocIdParam, query: AsOfQuery },
  responses: { 200: jsonResponse(AsOfAnswer, 'A version or an honest gap.'), ...problemResponses(400, 404) },
});

export const fileRoute = createRoute({
  method: 'get',
  path: '/v1/archive/files/{sha256}',
  tags,
  summary: 'File metadata and a one-hour link to the original bytes',
  description:
    'Metadata (size, content type, original name, source, first observation, storage key, parent zip, members) and a presigned GET link valid for one hour. Files of sources flagged for third-party-licensed descriptors answer 451: the problem says why and carries the metadata under `file`, but no link.',
  request: { params: Sha256Param },
  responses: { 200: jsonResponse(ArchiveFile, 'The file.'), ...problemResponses(400, 401, 404, 451) },
});

export const originalRoute = createRoute({
  method: 'get',
  path: '/archive/files/{sha256}/original',
  tags,
  summary: 'The original bytes of an archived file (public)',
  description:
    'Redirects (302) to a fresh one-hour link to the original bytes, so a citation (an appeal exhibit, a warrant receipt) stays followable by anyone, with no API key, long after it was issued: check the downloaded bytes against the sha256 in the path. 451 for files of sources whose files carry third-party-licensed descriptors (withheld, as on the metadata route); 404 for an unknown sha256.',
  request: { params: Sha256Param },
  responses: {
    302: { description: 'Location: a presigned GET of the original bytes, valid for one hour.' },
    ...problemResponses(400, 404, 451),
  },
});

export const textRoute = createRoute({
  method: 'get',
  path: '/archive/files/{sha256}/text',
  tags,
  summary: 'Stored text rendering of a file',
  description:
    'The newest stored rendering with its renderer and version and the encoding it decoded; inline up to 4 MiB, always as a one-hour link. 404 when no rendering is stored (files over 64 MiB are not rendered; the problem says why). 451 for files of third-party-licensed sources.',
  request: { params: Sha256Param },
  responses: { 200: jsonResponse(ArchiveText, 'The rendering.'), ...problemResponses(400, 401, 404, 451) },
});

export const changesRoute = createRoute({
  method: 'get',
  path: '/v1/archive/changes',
  tags,
  summary: 'The change feed',
  description:
    'One change record per new archive version (the same records as webhook deliveries), in version_id order. Filters: `since` (version_id cursor, exclusive), `source_id`, `code` (affected_codes), each comma-separated for several. Page by `cursor` (each page’s `next`, bound to these filters) or by `offset` (at most 10,000); `total` is null (a filtered feed is not counted, so `include_total` is not taken).',
  request: { query: ChangesQuery },
  responses: { 200: jsonResponse(ChangePage, 'Changes.'), ...problemResponses(400, 401) },
});

export const runsRoute = createRoute({
  method: 'get',
  path: '/archive/runs',
  tags,
  summary: 'Archive fetch runs',
  description: 'Fetch run records, newest first (start time, then run id); `source_id` filters to one source.',
  request: { query: RunsQuery },
  responses: { 200: jsonResponse(pageOf(RunRecordSchema, 'ArchiveRunPage'), 'Runs.'), ...problemResponses(400, 401) },
});
