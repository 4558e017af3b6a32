import type { CatalogDataset } from '../../catalog/dataset';
import { requireDataset } from '../../catalog/datasets';
import { startOf } from '../../catalog/in-force';
import { lookupMany } from '../../catalog/lookup';
import { type CatalogSourceVersion, rowSourceOf } from '../../catalog/provenance';
import { queryListing, readWholeListing } from '../../catalog/query';
import type { CatalogVersion } from '../../catalog/timeline';
import { type DatasetView, viewsOf } from '../../catalog/view';
import type { StoredRow } from '../../catalog/writer';
import type { Deps } from '../../deps';
import { NotFoundError, SourceNotLoadedError } from '../../http/errors';
import { licenseKey } from '../license-key';
import { resolveNpis } from '../resolve';
import { licenseAdapter, licenseAdapters } from './adapters';
import { type Directory, directoryDataset, readDirectory } from './directory';
import type { DisciplinaryAction, License, VerifyAt } from './license-schemas';
import { type LicenseRow, NPDB_DATASET, type Profession, STATE_LICENSES, SUPPRESS_BELOW } from './rows';

export const MATCH_RULE =
  'A board row is the NPI\u2019s when the board\u2019s file carries the NPI, or, for files without NPIs (all three held: WA, CO, NY), when the state and licence number (letters and digits, leading zeros dropped) equal a licence the provider registered in NPPES (Provider License Number and State Code per taxonomy) and the board\u2019s last name equals the registry\u2019s (`nppes_license`, confidence high). Rows whose names differ, or whose licence no NPI registered, are not attributed. Matching runs when the board\u2019s file loads, against the registry then loaded.';

export const DISCIPLINE_NOTE =
  'Actions are those the held state files publish: Washington flags a credential with an action but neither dates nor names it (such rows are undated and never alerts); Colorado lists program actions with their effective dates; New York lists Board for Professional Medical Conduct actions (physicians and physician assistants) since 1990. Other states, and other boards of these states, are not held: check `verify_at`. An action not tied to an NPI (see match_rule) is not listed under the NPI.';

export function stateLicensesDataset(): CatalogDataset {
  return requireDataset(STATE_LICENSES);
}

/** Whether a state adapter holds the board file of that profession. */
export function heldFor(state: string, profession: Profession | 'all'): boolean {
  const a = licenseAdapter(state);
  return !!a && (profession === 'all' || a.professions.includes(profession as Profession));
}

interface StoredLicenseRow {
  value: LicenseRow;
  version: CatalogVersion;
}

/** The licence and directory views on the date (one batch read of their heads). */
export async function licenseViews(
  deps: Deps,
  date: string,
): Promise<{ licenses: DatasetView; directory: DatasetView }> {
  const [licenses, directory] = await viewsOf(deps, [
    { dataset: stateLicensesDataset(), date },
    { dataset: directoryDataset(), date },
  ]);
  return { licenses: licenses!, directory: directory! };
}

/** The licence rows tied to an NPI in the versions in force (one batched read). */
export async function rowsOfNpi(deps: Deps, view: DatasetView, npi: string): Promise<StoredLicenseRow[]> {
  if (!view.versions.length) return [];
  const found = await lookupMany(deps, view.dataset, 'npi', [npi], view.versions);
  return licenseRowsOf(view, found.get(npi) ?? []);
}

/** The licence rows of an NPI's `npi` index entries, read in the view's versions. */
export function licenseRowsOf(view: DatasetView, rows: readonly StoredRow[]): StoredLicenseRow[] {
  const out: StoredLicenseRow[] = [];
  for (const r of rows) {
    const version = view.version(r.version_id);
    if (version) out.push({ value: r.value as unknown as LicenseRow, version });
  }
  return out;
}

export function actionOf(row: LicenseRow, version: CatalogVersion, dir: Directory): DisciplinaryAction {
  return {
    state: row.state,
    license_number: row.license_number,
    license_type: row.license_type,
    profession: row.profession,
    action: row.action,
    action_date: row.action_date,
    action_detail: row.action_detail,
    last_name: row.last_name,
    first_name: row.first_name,
    npi: row.npi,
    npi_match: row.npi_match,
    source: rowSourceOf(version, row.locator),
    verify_at: dir.verifyAt(row.state, row.profession, heldFor(row.state, row.profession)),
  };
}

/** Newest first, undated last, then state, licence and record (unique). */
function byActionDate(a: DisciplinaryAction, b: DisciplinaryAction): number {
  const da = a.action_date ?? '';
  const db = b.action_date ?? '';
  if (da !== db) return da < db ? 1 : -1;
  return (
    a.state.localeCompare(b.state) ||
    a.license_number.localeCompare(b.license_number) ||
    a.source.version_id - b.source.version_id ||
    a.source.locator.record - b.source.locator.record
  );
}

/**
 * The licences of an NPI on a date: each licence the provider registered in NPPES and each board
 * row tied to the NPI (one entry per state and number), with the board's record when its file is
 * held, the count of actions and where to verify.
 */
async function licenseState(deps: Deps, npi: string, date: string) {
  const [{ view: registry, providers }, views] = await Promise.all([
    resolveNpis(deps, [npi]),
    licenseViews(deps, date),
  ]);
  if (!registry.versions.length)
    throw new SourceNotLoadedError('The NPPES registry (nppes) is not loaded: NPIs cannot be resolved.', {
      sources: ['nppes'],
      gaps: registry.gaps,
    });
  const provider = providers.get(npi);
  if (!provider) throw new NotFoundError(`NPI ${npi} is not in the NPPES registry as loaded.`, { npi });
  const [rows, dir] = await Promise.all([rowsOfNpi(deps, views.licenses, npi), readDirectory(deps, views.directory)]);
  return { provider, registry, views, rows, dir };
}

function sourcesOf(views: DatasetView[]): CatalogSourceVersion[] {
  return views.flatMap((v) => v.sourceVersions());
}

/** GET /licenses/{npi}. */
export async function providerLicenses(deps: Deps, npi: string, date: string) {
  const { provider, registry, views, rows, dir } = await licenseState(deps, npi, date);
  const p = provider.provider;
  const entries = new Map<string, License>();
  const put = (state: string, number: string, key: string) => {
    let e = entries.get(key);
    if (!e) {
      const adapter = licenseAdapter(state);
      e = {
        state,
        license_number: number,
        license_key: key,
        registered_in_nppes: false,
        taxonomy_code: null,
        primary_taxonomy: null,
        bulk_data_held: !!adapter,
        board_record: null,
        board_status: !adapter
          ? 'no_bulk_data'
          : adapter.rows.includes('license')
            ? 'not_in_board_file'
            : 'actions_only_file',
        disciplinary_actions: 0,
        verify_at: dir.verifyAt(state, 'all', !!adapter),
      };
      entries.set(key, e);
    }
    return e;
  };
  for (const l of p.licenses ?? []) {
    const e = put(l.state, l.number, licenseKey(l.state, l.number));
    e.registered_in_nppes = true;
    e.taxonomy_code = l.taxonomy;
    e.primary_taxonomy = l.primary;
  }
  // Latest version's licence row wins (versions ascend in the lookup).
  for (const { value: r, version } of rows) {
    const e = put(r.state, r.license_number, r.license_key);
    if (r.kind === 'action') e.disciplinary_actions++;
    else {
      e.board_status = 'found';
      e.board_record = {
        license_type: r.license_type,
        profession: r.profession,
        status: r.status,
        first_issue_date: r.first_issue_date,
        expiration_date: r.expiration_date,
        has_public_action: r.has_public_action,
        last_name: r.last_name,
        first_name: r.first_name,
        npi_match: r.npi_match,
        source: rowSourceOf(version, r.locator),
      };
    }
    e.verify_at = dir.verifyAt(r.state, r.profession, heldFor(r.state, r.profession));
  }
  const licenses = [...entries.values()].sort(
    (a, b) => a.state.localeCompare(b.state) || a.license_key.localeCompare(b.license_key),
  );
  return {
    npi,
    as_of: date,
    provider: {
      entity_type: p.entity_type,
      last_name: p.last_name,
      first_name: p.first_name,
      organization_name: p.organization_name,
    },
    licenses,
    match_rule: MATCH_RULE,
    sources: [...registry.sourceVersions([provider.version]), ...sourcesOf([views.licenses, views.directory])],
    gaps: [...views.licenses.gaps, ...views.directory.gaps],
  };
}

/** GET /licenses/{npi}/disciplinary. */
export async function providerDisciplinary(deps: Deps, npi: string, date: string) {
  const { provider, registry, views, rows, dir } = await licenseState(deps, npi, date);
  const actions = rows
    .filter((r) => r.value.kind === 'action')
    .map((r) => actionOf(r.value, r.version, dir))
    .sort(byActionDate);
  const notHeld = new Map<string, VerifyAt>();
  for (const l of provider.provider.licenses ?? [])
    if (!licenseAdapter(l.state) && !notHeld.has(l.state)) notHeld.set(l.state, dir.verifyAt(l.state, 'all', false));
  return {
    npi,
    as_of: date,
    actions,
    states_not_held: [...notHeld.values()],
    methodology_note: `${DISCIPLINE_NOTE} ${MATCH_RULE}`,
    sources: [...registry.sourceVersions([provider.version]), ...sourcesOf([views.licenses, views.directory])],
    gaps: [...views.licenses.gaps, ...views.directory.gaps],
  };
}

export const ALERT_WINDOW_DAYS = 90;

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** GET /licenses/alerts/recent: dated actions of the held files, newest first, in a window. */
export async function recentAlerts(
  deps: Deps,
  date: string,
  q: { since?: string; state?: string; profession?: Profession; limit: number; cursor?: string },
) {
  const { licenses, directory } = await licenseViews(deps, date);
  if (!licenses.versions.length) {
    const sources = licenseAdapters().map((a) => a.sourceId);
    throw new SourceNotLoadedError(`No state licence file (${sources.join(', ')}) is loaded and in force on ${date}.`, {
      sources,
      gaps: licenses.gaps,
    });
  }
  const since = q.since ?? daysBefore(date, ALERT_WINDOW_DAYS);
  const [page, dir] = await Promise.all([
    queryListing(deps, licenses.dataset, 'actions', {
      versions: licenses,
      filters: {
        kind: { eq: 'action' },
        action_date: { gte: since, lte: date },
        ...(q.state ? { state: { eq: q.state } } : {}),
        ...(q.profession ? { profession: { eq: q.profession } } : {}),
      },
      limit: q.limit,
      cursor: q.cursor,
    }),
    readDirectory(deps, directory),
  ]);
  const items = page.items.map((it) => {
    const version = licenses.version(it.source.version_id)!;
    return actionOf(it.value as unknown as LicenseRow, version, dir);
  });
  return {
    as_of: date,
    since,
    items,
    limit: page.limit,
    next_cursor: page.next_cursor,
    scanned: page.scanned,
    states_held: [
      ...new Set(licenses.versions.map((v) => licenseAdapters().find((a) => a.sourceId === v.source_id)?.state)),
    ]
      .filter((s): s is string => !!s)
      .sort(),
    methodology_note: `${DISCIPLINE_NOTE} The window is ${since} to ${date} by action date (default the ${ALERT_WINDOW_DAYS} days before as_of); an action enters when the board's file that lists it is archived, so a board's lag adds to the fetch cadence.`,
    sources: sourcesOf([licenses, directory]),
    gaps: [...licenses.gaps, ...directory.gaps],
  };
}

interface CountRow {
  state?: string;
  license_state?: string;
  kind?: string;
  report_class?: string;
  rows?: number | null;
  reports?: number | null;
  suppressed?: boolean;
}

async function rollupRows(deps: Deps, view: DatasetView, name: string, filters: Record<string, { eq: string }> = {}) {
  if (!view.versions.length) return [] as CountRow[];
  const rows = await readWholeListing(deps, view.dataset, name, { versions: view, filters });
  return rows.map((r) => r.value as CountRow);
}

/** GET /licenses/state/{state}. */
export async function stateLicenses(deps: Deps, state: string, date: string) {
  const { licenses, directory } = await licenseViews(deps, date);
  const adapter = licenseAdapter(state);
  const dir = await readDirectory(deps, directory);
  const entries = dir.entries(state, (s) => heldFor(s, 'all'));
  let adapterBlock = null;
  const sources = [...directory.sourceVersions()];
  const gaps = [...directory.gaps];
  if (adapter) {
    const own = licenses.inForce.sources.find((s) => s.source_id === adapter.sourceId);
    const versions = own?.versions ?? [];
    const counts = await rollupRows(deps, { ...licenses, versions }, 'by_state', { state: { eq: state } });
    const count = (kind: 'license' | 'action') => counts.find((c) => c.kind === kind);
    const licenceCount = count('license');
    const actionCount = count('action');
    const withheld: ('licenses' | 'actions')[] = [];
    if (licenceCount?.suppressed) withheld.push('licenses');
    if (actionCount?.suppressed) withheld.push('actions');
    adapterBlock = {
      source_id: adapter.sourceId,
      professions: [...adapter.professions],
      rows: [...adapter.rows],
      history: adapter.history,
      published: adapter.published,
      carries_npi: adapter.carries_npi,
      omits: adapter.omits,
      layout: adapter.layout,
      loaded: versions.length > 0,
      vintage: versions[0] ? startOf(versions[0]).slice(0, 10) : null,
      licenses: versions.length ? (licenceCount ? (licenceCount.rows ?? null) : 0) : null,
      actions: versions.length ? (actionCount ? (actionCount.rows ?? null) : 0) : null,
      withheld,
    };
    sources.push(...licenses.sourceVersions(versions));
    gaps.push(...(own?.gaps ?? []));
  }
  return {
    state,
    as_of: date,
    bulk_data_held: !!adapter,
    note: adapter
      ? `This service holds ${adapter.sourceId} (${adapter.rows.join(' and ')} rows); it is not the board's statement of record: verify at the addresses below.`
      : `No bulk licence or discipline file of ${state} is held by this service; verify licences and actions at the board's pages below.`,
    adapter: adapterBlock,
    board_directory: { entries, compiled_on: dir.compiledOn },
    verify_at: entries,
    sources,
    gaps,
  };
}

export const COVERAGE_NOTE =
  'Per state, the disciplinary action rows the state adapter holds beside the adverse action reports of the NPDB public use file whose practitioner\u2019s first licence state is that state. The two do not count the same things: the NPDB counts reports since September 1990 of every adverse action type (state licensure, clinical privileges, professional society, DEA, federal exclusions) against every practitioner type; a state file counts what its board publishes (Washington: credentials flagged with an action, undated; Colorado: program actions in its current file; New York: medical conduct board actions since 1990). The ratio is an indicator of how much of a state\u2019s recorded discipline the held file shows, not a completeness rate. Counts below 11 are withheld (null) on both sides, and no ratio is given then. States without an adapter are listed with their NPDB count and `bulk_data_held: false`.';

/** GET /accuracy/discipline-coverage. */
export async function disciplineCoverage(deps: Deps, date: string) {
  const [licenses, npdb] = await viewsOf(deps, [
    { dataset: stateLicensesDataset(), date },
    { dataset: requireDataset(NPDB_DATASET), date },
  ]);
  if (!licenses!.versions.length && !npdb!.versions.length) {
    throw new SourceNotLoadedError(`Neither a state licence file nor the NPDB public use file is loaded on ${date}.`, {
      sources: ['hrsa_npdb_puf', ...licenseAdapters().map((a) => a.sourceId)],
      gaps: [...licenses!.gaps, ...npdb!.gaps],
    });
  }
  const [stateRows, npdbRows] = await Promise.all([
    rollupRows(deps, licenses!, 'by_state', { kind: { eq: 'action' } }),
    rollupRows(deps, npdb!, 'by_state', { report_class: { eq: 'adverse_action' } }),
  ]);
  const states = new Set<string>([
    ...licenseAdapters().map((a) => a.state),
    ...npdbRows.map((r) => r.license_state!).filter((s) => /^[A-Z]{2}$/.test(s)),
  ]);
  const out = [...states].sort().map((state) => {
    const held = !!licenseAdapter(state);
    const s = stateRows.find((r) => r.state === state);
    const n = npdbRows.find((r) => r.license_state === state);
    const withheld: ('state_actions' | 'npdb_adverse_actions')[] = [];
    // An absent group counts zero rows, which is below 11 too: withheld like a suppressed one.
    const shown = (
      loaded: boolean,
      row: CountRow | undefined,
      value: number | null | undefined,
      name: (typeof withheld)[number],
    ) => {
      if (!loaded) return null;
      if (!row || row.suppressed) {
        withheld.push(name);
        return null;
      }
      return value ?? null;
    };
    const stateActions = shown(held && licenses!.versions.length > 0, s, s?.rows, 'state_actions');
    const npdbActions = shown(npdb!.versions.length > 0, n, n?.reports, 'npdb_adverse_actions');
    return {
      state,
      bulk_data_held: held,
      state_actions: stateActions,
      npdb_adverse_actions: npdbActions,
      withheld,
      coverage_ratio:
        stateActions !== null && npdbActions ? Math.round((stateActions / npdbActions) * 1000) / 1000 : null,
    };
  });
  return {
    as_of: date,
    states: out,
    suppress_below: SUPPRESS_BELOW,
    methodology_note: COVERAGE_NOTE,
    sources: [...licenses!.sourceVersions(), ...npdb!.sourceVersions()],
    gaps: [...licenses!.gaps, ...npdb!.gaps],
  };
}
