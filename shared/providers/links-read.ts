import { requireDataset } from '../catalog/datasets';
import { namespaceOf, tokenPk, versionBounds } from '../catalog/keys';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import type { CatalogVersion } from '../catalog/timeline';
import type { DatasetView } from '../catalog/view';
import type { Deps } from '../deps';
import type { DossierRead } from './dossier-block';
import { PROVIDER_LINKS, type ProviderLinkRow } from './links-rows';

/** Rows of one NPI a read takes at most (a clinician with more facility and group rows is cut, and says so). */
export const LINK_ROWS_CAP = 2000;

/** A provider-links row of the NPI, with its version in force and where it sits. */
export interface LinkFound {
  row: ProviderLinkRow;
  version: CatalogVersion;
  source: RowSource;
}

/** The NPI's rows in the provider-links versions in force, and the view they were read in. */
export interface LinksRead {
  view: DatasetView;
  rows: LinkFound[];
  /** More than LINK_ROWS_CAP rows: the first ones (by version, then record) were kept. */
  truncated: boolean;
}

/**
 * The NPI's provider-links rows on the date, as the dossier reads them (dossier-block.ts): the
 * view's heads in the dossier's batch read, then one partition query (linksOf). No version in
 * force: no rows, no query.
 */
export const linksRead: DossierRead<LinksRead> = {
  views: (_deps, date) => [{ dataset: requireDataset(PROVIDER_LINKS), date }],
  lookups: () => [],
  finish: (deps, npi, [view]) =>
    view!.versions.length ? linksOf(deps, view!, npi) : Promise.resolve({ view: view!, rows: [], truncated: false }),
};

/**
 * Every row of the NPI in the view's versions in force: the rows are found by their search token
 * (the NPI), one partition query per loader generation (one query when the versions in force were
 * loaded by the same loader, as they are but during a reload), kept in version then record order.
 */
export async function linksOf(deps: Deps, view: DatasetView, npi: string): Promise<LinksRead> {
  const byNs = new Map<string, Map<number, CatalogVersion>>();
  for (const v of view.versions) {
    const ns = namespaceOf(view.dataset.id, v.generation);
    byNs.set(ns, (byNs.get(ns) ?? new Map()).set(v.version_id, v));
  }
  let truncated = false;
  const rows: LinkFound[] = [];
  await Promise.all(
    [...byNs].map(async ([ns, byId]) => {
      const ids = [...byId.keys()];
      const page = await deps.tables.catalog.query(tokenPk(ns, npi), {
        between: versionBounds(Math.min(...ids), Math.max(...ids)),
        limit: LINK_ROWS_CAP,
      });
      if (page.lastKey || page.cursor) truncated = true;
      for (const item of page.items) {
        const version = byId.get(Number(item.version_id));
        if (!version) continue;
        const row = item.value as unknown as ProviderLinkRow;
        if (row.npi !== npi) continue;
        rows.push({ row, version, source: rowSourceOf(version, row.locator) });
      }
    }),
  );
  rows.sort((a, b) => a.version.version_id - b.version.version_id || a.row.locator.record - b.row.locator.record);
  return { view, rows, truncated };
}

/** The documents each block reads, by source. */
export const BLOCK_DOCS = {
  employment: ['dac:1', 'dac:2', 'reassign:1'],
  facility: ['dac:2'],
  hospital: ['dac:1', 'dac:2'],
} as const;
