import { requireDataset } from '../catalog/datasets';
import { startOf } from '../catalog/in-force';
import { lookupMany } from '../catalog/lookup';
import { type CatalogSourceVersion, rowSourceOf } from '../catalog/provenance';
import { seriesHistory } from '../catalog/series-read';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import { formatNdc11 } from '../codes/ndc';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { currentRates } from './nadac';
import { NADAC_DATASET, NADAC_METHODOLOGY, NADAC_SERIES, readRatePoint } from './nadac-rows';
import {
  type DirectoryFile,
  NDC_PACKAGES,
  NDC_PRODUCTS,
  type NdcPackageRow,
  type NdcProductRow,
} from './ndc-directory-rows';
import { rxnormLinkOf, rxnormViews } from './rxnorm-read';
import type { NdcProfile } from './schemas';

const FILE_ORDER: readonly DirectoryFile[] = ['finished', 'unfinished', 'excluded'];
const byFile = <R extends { directory_file: DirectoryFile }>(rows: R[]) =>
  [...rows].sort((a, b) => FILE_ORDER.indexOf(a.directory_file) - FILE_ORDER.indexOf(b.directory_file))[0];

/** How many earlier directory versions a delisted NDC is looked for in (the heads list 64). */
const EARLIER_VERSIONS = 64;

const METHOD =
  'Status rule: `active` when the FDA NDC Directory files in force on `as_of` list the package and neither its nor its product’s end-marketing date is before `as_of` (`listed`); `obsolete` when the end-marketing date has passed (`marketing_ended`), when the package is in FDA’s excluded file (`excluded`, NDC_EXCLUDE_FLAG as published), when an earlier directory version listed it but the one in force does not (`delisted`), or when NADAC prices it but the directory in force does not list it (`priced_not_listed`); `active` with `nadac_only` when no directory version is in force and the NADAC file in force lists it; `unknown` when no source in force knows it (`not_found`: not proof the NDC never existed; the directory omits animal drugs, blood products and kits’ inner packages). The directory is what labelers submitted; FDA does not verify it, and a listing is no approval. RxNorm link (`rxnorm`): the drug concepts NLM’s RXNSAT attaches the NDC to in the RxNorm release in force and their ingredients from RXNREL, by identifier; NLM maps NDCs with a lag and omits some, so an empty link is no proof the NDC has no RxNorm concept. ';

function rowsIn<R>(found: Map<string, StoredRow[]>, key: string, view: DatasetView) {
  return (found.get(key) ?? []).flatMap((s) => {
    const v = view.version(s.version_id);
    return v ? [{ row: s.value as unknown as R, version: v }] : [];
  });
}

/** Earlier loaded versions of the view's documents (before the ones in force), newest first, with their generation. */
function earlierVersions(view: DatasetView): CatalogVersion[] {
  const inForce = new Set(view.versions.map((v) => v.version_id));
  const docs = new Set(view.dataset.docs.map((d) => d.docId));
  const out: CatalogVersion[] = [];
  for (const tl of view.timelines.values()) {
    for (const v of tl.versions) {
      const loaded = tl.loaded.get(v.version_id);
      if (!loaded || inForce.has(v.version_id) || !docs.has(v.doc_id) || startOf(v) > view.date) continue;
      out.push({ ...v, generation: loaded.generation });
    }
  }
  return out
    .sort((a, b) => (startOf(a) < startOf(b) ? 1 : startOf(a) > startOf(b) ? -1 : b.version_id - a.version_id))
    .slice(0, EARLIER_VERSIONS);
}

/**
 * The package profile of an NDC as of the date: the directory files in force (package, then its
 * product by PRODUCTID), the latest NADAC rate, and a status with the rule that decided it
 * (METHOD). The directory and NADAC are joined by ndc11, an identifier: no name matching. Neither
 * source in force: 503 naming both; one missing: a gap in the body. An NDC no source knows is a
 * 200 with status `unknown` (issue 18: every lookup says active, obsolete or unknown).
 */
export async function ndcProfile(deps: Deps, ndc11: string, date: string): Promise<NdcProfile> {
  const rxViews = rxnormViews(deps, date);
  const [packages, products, nadac] = await viewsOf(deps, [
    { dataset: requireDataset(NDC_PACKAGES), date },
    { dataset: requireDataset(NDC_PRODUCTS), date },
    { dataset: requireDataset(NADAC_DATASET), date },
  ]);
  if (!packages!.versions.length && !nadac!.versions.length) {
    throw new SourceNotLoadedError(
      `Neither the FDA NDC Directory nor a NADAC weekly file is loaded and in force on ${date}.`,
      {
        sources: ['fda_ndc_directory', 'medicaid_nadac'],
        gaps: [...packages!.gaps, ...nadac!.gaps],
      },
    );
  }
  const rx = await rxViews;
  const [pkgFound, rates, rxnorm] = await Promise.all([
    lookupMany(deps, packages!.dataset, 'ndc11', [ndc11], packages!.versions),
    currentRates(deps, nadac!, [ndc11]),
    rxnormLinkOf(deps, rx, ndc11),
  ]);
  const pkg = byFile(
    rowsIn<NdcPackageRow>(pkgFound, ndc11, packages!).map((x) => ({ ...x, directory_file: x.row.directory_file })),
  );
  let product: { row: NdcProductRow; version: CatalogVersion } | undefined;
  if (pkg) {
    const found = await lookupMany(deps, products!.dataset, 'product_id', [pkg.row.product_id], products!.versions);
    const candidates = rowsIn<NdcProductRow>(found, pkg.row.product_id, products!);
    product = candidates.find((c) => c.row.directory_file === pkg.row.directory_file) ?? candidates[0];
  }
  // The latest NADAC rate: the file in force, else the last point of its series up to the date.
  let nadacRate: NdcProfile['nadac'] = null;
  const current = rates.get(ndc11);
  if (current) nadacRate = { rate: current, in_force: true };
  else if (nadac!.versions.length || nadac!.timelines.size) {
    nadacRate = await lastRate(deps, nadac!, ndc11, date);
  }
  let lastListed: NdcProfile['last_listed'] = null;
  if (!pkg && packages!.versions.length) {
    const earlier = earlierVersions(packages!);
    if (earlier.length) {
      const found = (await lookupMany(deps, packages!.dataset, 'ndc11', [ndc11], earlier)).get(ndc11) ?? [];
      const latest = earlier.find((v) => found.some((r) => r.version_id === v.version_id));
      if (latest)
        lastListed = {
          version_id: latest.version_id,
          publisher_version: latest.publisher_version,
          from: startOf(latest),
        };
    }
  }
  const { status, status_reason, status_detail } = statusOf({
    date,
    pkg: pkg?.row,
    product: product?.row,
    directoryInForce: packages!.versions.length > 0,
    lastListed,
    nadacCurrent: !!current,
    nadacEver: !!nadacRate,
  });
  const sources: CatalogSourceVersion[] = [
    ...packages!.sourceVersions(),
    ...products!.sourceVersions(),
    ...nadac!.sourceVersions(),
  ];
  // RxNorm is an added link: its versions when it answered, its gaps unless it was never archived.
  const rxViewsUsed = [rx.ndcs, rx.links, rx.concepts];
  if (rxnorm)
    for (const v of rxViewsUsed)
      for (const s of v.sourceVersions()) if (!sources.some((x) => x.version_id === s.version_id)) sources.push(s);
  const rxGaps = rxViewsUsed.flatMap((v) => v.gaps).filter((g) => g.reason !== 'not_archived');
  if (nadacRate && !nadacRate.in_force) {
    const v = nadac!.version(nadacRate.rate.source.version_id);
    if (v && !sources.some((s) => s.version_id === v.version_id)) sources.push(...nadac!.sourceVersions([v]));
  }
  return {
    ndc11,
    ndc_hyphenated: formatNdc11(ndc11),
    status,
    status_reason,
    status_detail,
    package: pkg
      ? {
          package_code: pkg.row.package_code,
          description: pkg.row.package_description,
          start_marketing_date: pkg.row.start_marketing_date,
          end_marketing_date: pkg.row.end_marketing_date,
          sample_package: pkg.row.sample_package,
          ndc_exclude_flag: pkg.row.ndc_exclude_flag,
          directory_file: pkg.row.directory_file,
          source: rowSourceOf(pkg.version, pkg.row.locator),
          source_row: pkg.row.source_row,
        }
      : null,
    product: product
      ? {
          product_id: product.row.product_id,
          product_ndc: product.row.product_ndc,
          product_type: product.row.product_type,
          proprietary_name: product.row.proprietary_name,
          proprietary_name_suffix: product.row.proprietary_name_suffix,
          nonproprietary_name: product.row.nonproprietary_name,
          labeler_name: product.row.labeler_name,
          dosage_form: product.row.dosage_form,
          routes: product.row.routes,
          strengths: product.row.strengths,
          pharm_classes: product.row.pharm_classes,
          marketing_category: product.row.marketing_category,
          application_number: product.row.application_number,
          appl_no: product.row.appl_no,
          start_marketing_date: product.row.start_marketing_date,
          end_marketing_date: product.row.end_marketing_date,
          dea_schedule: product.row.dea_schedule,
          listing_record_certified_through: product.row.listing_record_certified_through,
          directory_file: product.row.directory_file,
          source: rowSourceOf(product.version, product.row.locator),
          source_row: product.row.source_row,
        }
      : null,
    last_listed: lastListed,
    nadac: nadacRate,
    rxnorm,
    sources,
    gaps: [...packages!.gaps, ...products!.gaps, ...nadac!.gaps, ...rxGaps],
    as_of: date,
    methodology_note: `${METHOD}${NADAC_METHODOLOGY}`,
  };
}

/** The last NADAC rate of an NDC up to the date from its series (for an NDC the file in force no longer lists). */
async function lastRate(deps: Deps, view: DatasetView, ndc11: string, date: string): Promise<NdcProfile['nadac']> {
  const page = await seriesHistory(deps, view.dataset, NADAC_SERIES.rate, { key: { ndc11 }, to: date, limit: 1000 });
  const last = [...page.items].reverse().find((it) => it.change !== 'removed' && readRatePoint(it.value));
  if (!last) return null;
  const v = view.version(last.source.version_id);
  const loaded = v ? view.timelines.get(v.source_id)?.loaded.get(v.version_id) : undefined;
  if (!v || !loaded) return null;
  const found = await lookupMany(deps, view.dataset, 'ndc11', [ndc11], [{ ...v, generation: loaded.generation }]);
  const stored = found.get(ndc11)?.[0];
  if (!stored) return null;
  const row = stored.value as unknown as import('./nadac-rows').NadacRow;
  return {
    in_force: false,
    rate: {
      nadac_per_unit: row.nadac_per_unit,
      effective_date: row.effective_date,
      pricing_unit: row.pricing_unit,
      classification_for_rate_setting: row.classification_for_rate_setting,
      ndc_description: row.ndc_description,
      as_of_date: row.as_of_date,
      source: rowSourceOf(v, row.locator),
    },
  };
}

/** The status rule of METHOD for one NDC (exported for the ingredient counts, shared/rx/ingredients.ts). */
export function statusOf(x: {
  date: string;
  pkg: NdcPackageRow | undefined;
  product: NdcProductRow | undefined;
  directoryInForce: boolean;
  lastListed: NdcProfile['last_listed'];
  nadacCurrent: boolean;
  nadacEver: boolean;
}): Pick<NdcProfile, 'status' | 'status_reason' | 'status_detail'> {
  if (x.pkg) {
    if (x.pkg.directory_file === 'excluded')
      return {
        status: 'obsolete',
        status_reason: 'excluded',
        status_detail: `FDA lists the package in its excluded file (NDC_EXCLUDE_FLAG ${x.pkg.ndc_exclude_flag ?? 'blank'}).`,
      };
    const ended = [x.pkg.end_marketing_date, x.product?.end_marketing_date].filter(
      (d): d is string => !!d && d < x.date,
    );
    if (ended.length)
      return {
        status: 'obsolete',
        status_reason: 'marketing_ended',
        status_detail: `Marketing ended on ${ended.sort()[0]} (before ${x.date}).`,
      };
    return {
      status: 'active',
      status_reason: 'listed',
      status_detail: `Listed in the FDA NDC Directory (${x.pkg.directory_file} file) in force on ${x.date}, no end-marketing date passed.`,
    };
  }
  if (x.lastListed)
    return {
      status: 'obsolete',
      status_reason: 'delisted',
      status_detail: `The directory version of ${x.lastListed.from} listed it; the one in force on ${x.date} does not.`,
    };
  if (x.directoryInForce && x.nadacEver)
    return {
      status: 'obsolete',
      status_reason: 'priced_not_listed',
      status_detail: `NADAC prices it but the FDA NDC Directory in force on ${x.date} does not list it.`,
    };
  if (!x.directoryInForce && x.nadacCurrent)
    return {
      status: 'active',
      status_reason: 'nadac_only',
      status_detail: `No FDA NDC Directory version is in force on ${x.date} (see gaps); the NADAC file in force prices it.`,
    };
  return {
    status: 'unknown',
    status_reason: 'not_found',
    status_detail: `No source in force on ${x.date} lists this NDC${x.directoryInForce ? '' : ' (the FDA NDC Directory has no version in force: see gaps)'}.`,
  };
}
