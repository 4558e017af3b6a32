import { createHash } from 'node:crypto';
import { CHANGES_PK, type ChangeRecord, changeSortKey } from '../../../shared/archive/change-record';
import type { Deps } from '../../../shared/deps';
import { createRouter, type RouteGroup } from '../../../shared/http/app';
import { renderProblem } from '../../../shared/http/problem';
import { requestContext } from '../../../shared/http/request-context';
import type { Table } from '../../../shared/storage/table';

/** A clock the test moves by hand. */
export function manualClock(iso: string) {
  let now = new Date(iso);
  return {
    now: () => new Date(now),
    set(isoOrDate: string | Date) {
      now = new Date(isoOrDate);
    },
  };
}

/**
 * A change record in the CHANGES partition shape of shared/feed/change-record.ts; by default its
 * version is loaded (codes `mapped`, here none): pass `affected_codes_status: 'pending'` for one
 * archived but not loaded yet.
 */
export function change(versionId: number, observedFrom: string, over: Partial<ChangeRecord> = {}): ChangeRecord {
  return {
    // One of the three MUE tables (real doc ids: a document's facts loader is declared by its id).
    doc_id: `mue:${(versionId % 3) + 1}`,
    source_id: 'cms_ncci_mue',
    title: `Document ${versionId}`,
    publisher_version: '2025Q1',
    version_id: versionId,
    publisher_effective_from: '2025-01-01',
    publisher_effective_to: null,
    observed_from: observedFrom,
    origin: 'live',
    sha256: createHash('sha256').update(String(versionId)).digest('hex'),
    affected_codes: [],
    affected_codes_status: 'mapped',
    versions_url: `http://localhost:8787/v1/archive/docs/mue:${(versionId % 3) + 1}/versions`,
    ...over,
  };
}

/** Write change records as the archive's ingest does (pk CHANGES, padded sk, per-source gsi1). */
export async function seedChanges(archive: Table, changes: ChangeRecord[]): Promise<void> {
  await archive.putMany(
    changes.map((c) => ({
      pk: CHANGES_PK,
      sk: changeSortKey(c.version_id),
      gsi1pk: `${CHANGES_PK}#${c.source_id}`,
      gsi1sk: changeSortKey(c.version_id),
      ...c,
    })),
  );
}

/**
 * The app as buildApp composes it, with a test-only stand-in for the access-control middleware:
 * header `x-test-key: <keyId>` becomes the principal; no header, no principal.
 */
export function testApp(deps: Deps, groups: RouteGroup[]) {
  const app = createRouter();
  app.use('*', requestContext(deps));
  app.use('*', async (c, next) => {
    const keyId = c.req.header('x-test-key');
    if (keyId) c.set('principal', { keyId, tier: 'pro', entitlements: [], admin: false });
    await next();
  });
  app.onError((err, c) => renderProblem(c, err));
  for (const g of groups) app.route('/', g.build(deps));
  return app;
}
