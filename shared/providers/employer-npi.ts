import { requireDataset } from '../catalog/datasets';
import type { CatalogGap } from '../catalog/in-force';
import { lookupAcross } from '../catalog/lookup';
import { type CatalogSourceVersion, rowSourceOf } from '../catalog/provenance';
import type { CatalogVersion } from '../catalog/timeline';
import type { DatasetView } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';
import { employmentBlock } from './dac-blocks';
import type { AttributionSignal, EmployerNpiCandidate, EmploymentData } from './dac-schemas';
import { type DossierBlock, type DossierBlockReader, type DossierRead, readTogether } from './dossier-block';
import { PROVIDER_ENROLLMENTS, type ProviderEnrollmentRow } from './enrollment-rows';
import { type LinksRead, linksRead } from './links-read';

/** The provider-enrollments view on the date, read in the same batch as the other heads (no lookup of its own). */
export const enrollmentsViewRead: DossierRead<DatasetView> = {
  views: (_deps, date) => [{ dataset: requireDataset(PROVIDER_ENROLLMENTS), date }],
  lookups: () => [],
  finish: async (_deps, _npi, [view]) => view!,
};

/** The signals with their employer NPIs, the PPEF versions read and the enrollment dataset's gaps. */
export interface EmployerNpis {
  signals: AttributionSignal[];
  sources: CatalogSourceVersion[];
  gaps: CatalogGap[];
}

interface Found {
  row: ProviderEnrollmentRow;
  version: CatalogVersion;
}

/** Rows of one key in the versions in force, in version then record order. */
function rowsOf(view: DatasetView, found: ReadonlyMap<string, readonly StoredRow[]>, key: string | null): Found[] {
  if (!key) return [];
  return (found.get(key) ?? []).flatMap((r) => {
    const version = view.versions.find((v) => v.version_id === r.version_id);
    return version ? [{ row: r.value as unknown as ProviderEnrollmentRow, version }] : [];
  });
}

const release = (v: CatalogVersion) => `cms_ppef ${v.publisher_version ?? 'unlabelled'} (version ${v.version_id})`;
const where = (f: Found) => `${release(f.version)} line ${f.row.locator.line}, record ${f.row.locator.record}`;

const candidate = (f: Found): EmployerNpiCandidate => ({
  npi: f.row.npi,
  enrollment_id: f.row.enrollment_id,
  pac_id: f.row.pac_id,
  state: f.row.state,
  multiple_npi_flag: f.row.multiple_npi,
  source: rowSourceOf(f.version, f.row.locator),
});

const npisOf = (rows: readonly Found[]) => [...new Set(rows.map((f) => f.row.npi))];

/** One signal resolved from the rows of its enrollment ID and of its PAC ID. */
function resolve(s: AttributionSignal, byEnrl: Found[], byPac: Found[]): AttributionSignal {
  const enrl = s.employer_enrollment_id;
  const pac = s.employer_pac_id;
  const resolved = (f: Found, via: 'enrollment_id' | 'pac_id', key: string): AttributionSignal => ({
    ...s,
    employer_npi: f.row.npi,
    employer_npi_via: via,
    employer_npi_source: rowSourceOf(f.version, f.row.locator),
    employer_npi_basis: `${via === 'enrollment_id' ? 'ENRLMT_ID' : 'PECOS_ASCT_CNTL_ID'} ${key} of ${where(f)} gives NPI ${f.row.npi}.`,
    employer_npi_candidates: [],
  });
  const ambiguous = (rows: Found[], via: 'enrollment_id' | 'pac_id', key: string): AttributionSignal => {
    const npis = npisOf(rows);
    const flagged = rows.some((f) => f.row.multiple_npi === true);
    return {
      ...s,
      employer_npi: null,
      employer_npi_via: null,
      employer_npi_source: null,
      employer_npi_basis: `ambiguous: ${via === 'enrollment_id' ? 'ENRLMT_ID' : 'PECOS_ASCT_CNTL_ID'} ${key} maps to ${npis.length} NPI${npis.length === 1 ? '' : 's'} (${npis.join(', ')}) in ${release(rows[0]!.version)}${flagged ? ', MULTIPLE_NPI_FLAG = Y' : ''}; not guessed: see employer_npi_candidates.`,
      employer_npi_candidates: rows.map(candidate),
    };
  };
  if (enrl && byEnrl.length) {
    return npisOf(byEnrl).length === 1
      ? resolved(byEnrl[0]!, 'enrollment_id', enrl)
      : ambiguous(byEnrl, 'enrollment_id', enrl);
  }
  if (pac && byPac.length) {
    const single = npisOf(byPac).length === 1 && !byPac.some((f) => f.row.multiple_npi === true);
    return single ? resolved(byPac[0]!, 'pac_id', pac) : ambiguous(byPac, 'pac_id', pac);
  }
  const a = enrl ? `ENRLMT_ID ${enrl}` : null;
  const b = pac ? `PECOS_ASCT_CNTL_ID ${pac}` : null;
  if (!a && !b) return s;
  const missing = a && b ? `neither ${a} nor ${b} is` : `${a ?? b} is not`;
  return {
    ...s,
    employer_npi_basis: `not_found: ${missing} in the cms_ppef release in force; ${s.employer_npi_basis.replace(/^not_published: /, '')}`,
  };
}

/**
 * Each reassignment and group-practice signal's employer NPI from the PPEF release in force in
 * `view`: one batched get (shared/catalog/lookup.ts `lookupAcross`) of every signal's enrollment ID
 * and PAC ID together, then, per signal, the enrollment ID's rows if any, else the PAC ID's. No
 * version in force: the signals as they are (`not_published`, with the basis naming cms_ppef) and
 * the view's gaps (e.g. cms_ppef `not_loaded`); no read.
 */
export async function withEmployerNpis(
  deps: Deps,
  view: DatasetView,
  signals: readonly AttributionSignal[],
): Promise<EmployerNpis> {
  const wanted = signals.filter((s) => s.derivation !== 'facility_affiliation');
  if (!view.versions.length) {
    const note = ` cms_ppef (Public Provider Enrollment), which gives a group's NPI by PAC ID or enrollment ID, is not in force on ${view.date}: see gaps.`;
    return {
      signals: signals.map((s) =>
        s.derivation === 'facility_affiliation' ? s : { ...s, employer_npi_basis: s.employer_npi_basis + note },
      ),
      sources: [],
      gaps: view.gaps,
    };
  }
  const enrls = wanted.flatMap((s) => (s.employer_enrollment_id ? [s.employer_enrollment_id] : []));
  const pacs = wanted.flatMap((s) => (s.employer_pac_id ? [s.employer_pac_id] : []));
  const [byEnrl, byPac] =
    enrls.length || pacs.length
      ? await lookupAcross(deps, [
          { dataset: view.dataset, index: 'enrollment_id', keys: enrls, versions: view.versions },
          { dataset: view.dataset, index: 'pac_id', keys: pacs, versions: view.versions },
        ])
      : [new Map<string, StoredRow[]>(), new Map<string, StoredRow[]>()];
  const out = signals.map((s) =>
    s.derivation === 'facility_affiliation'
      ? s
      : resolve(s, rowsOf(view, byEnrl!, s.employer_enrollment_id), rowsOf(view, byPac!, s.employer_pac_id)),
  );
  return { signals: out, sources: view.sourceVersions(), gaps: view.gaps };
}

/**
 * The employment block of the links read with each group's employer NPI from the PPEF release in
 * `enrollments` (withEmployerNpis: one batched get when cms_ppef is in force and a signal names a
 * group, else none): the block `/provider/{npi}/employment` and the dossier's
 * `employment_intelligence` both answer, with the PPEF versions and gaps added to the block's.
 */
export async function employmentWithEmployerNpis(
  deps: Deps,
  links: LinksRead,
  enrollments: DatasetView,
): Promise<DossierBlock<EmploymentData>> {
  const block = employmentBlock(links);
  if (!block.data) return { ...block, gaps: [...block.gaps, ...enrollments.gaps] };
  const employer = await withEmployerNpis(deps, enrollments, block.data.attribution_signals);
  return {
    sources: [...block.sources, ...employer.sources],
    gaps: [...block.gaps, ...employer.gaps],
    data: { ...block.data, attribution_signals: employer.signals },
  };
}

/** The employment block alone, as the dossier composes it: the heads, the links query, the PPEF get (three reads at most). */
export const employmentDossierBlock: DossierBlockReader<EmploymentData> = async (deps, npi, date) => {
  const [links, enrollments] = await readTogether(deps, npi, date, [linksRead, enrollmentsViewRead] as const);
  return employmentWithEmployerNpis(deps, links, enrollments);
};
