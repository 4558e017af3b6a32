import { ArchiveQueries } from '../../shared/archive/read';
import { listRuns } from '../../shared/archive/runs';
import { normalizeCode } from '../../shared/codes/hcpcs';
import { listChanges } from '../../shared/feed/query';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import {
  asOfRoute,
  changesRoute,
  docsRoute,
  fileRoute,
  filesRoute,
  originalRoute,
  runsRoute,
  sourcesRoute,
  textRoute,
  versionsRoute,
} from './definitions';
import { ARCHIVE_TOOLS } from './tools';

/** The source archive: sources, files, documents, versions, as-of, text, change feed, runs. */
export const archiveGroup: RouteGroup = {
  name: 'archive',
  description: '/v1/archive/*, /archive/*: source archive reads, change feed and fetch runs',
  tools: ARCHIVE_TOOLS,
  build(deps) {
    const router = createRouter();
    const q = new ArchiveQueries(deps);
    const table = deps.tables.archive;
    router.openapi(sourcesRoute, async (c) => c.json(await q.listSources(c.req.valid('query')), 200));
    router.openapi(filesRoute, async (c) =>
      c.json(await q.listFiles(c.req.valid('param').source_id, c.req.valid('query')), 200),
    );
    router.openapi(docsRoute, async (c) =>
      c.json(await q.listDocs(c.req.valid('param').source_id, c.req.valid('query')), 200),
    );
    router.openapi(versionsRoute, async (c) =>
      c.json(await q.listVersions(c.req.valid('param').doc_id, c.req.valid('query')), 200),
    );
    router.openapi(asOfRoute, async (c) =>
      c.json(await q.asOf(c.req.valid('param').doc_id, c.req.valid('query').date), 200),
    );
    router.openapi(fileRoute, async (c) => c.json(await q.getFile(c.req.valid('param').sha256), 200));
    router.openapi(textRoute, async (c) => c.json(await q.getText(c.req.valid('param').sha256), 200));
    router.openapi(originalRoute, async (c) => c.redirect(await q.originalLink(c.req.valid('param').sha256), 302));
    router.openapi(changesRoute, async (c) => {
      const { since, source_id, code, limit, offset, cursor } = c.req.valid('query');
      const page = await listChanges(table, {
        afterVersionId: since,
        sourceIds: source_id,
        codes: code?.map(normalizeCode),
        limit,
        offset,
        cursor,
      });
      return c.json(page, 200);
    });
    router.openapi(runsRoute, async (c) => {
      const { source_id, ...p } = c.req.valid('query');
      return c.json(await listRuns(table, p, { sourceId: source_id }), 200);
    });
    return router;
  },
};
