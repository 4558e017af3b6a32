import type { CatalogGap } from '../../../shared/catalog/in-force';
import type { CatalogVersion } from '../../../shared/catalog/timeline';
import type { DatasetView } from '../../../shared/catalog/view';
import type { ExclusionHit } from '../../../shared/exclusions/schemas';
import type { ScreenOutcome } from '../../../shared/exclusions/screen';
import { exclusionStanding } from '../../../shared/warrant/blocks/exclusion';
import { codeStatus } from '../../../shared/warrant/blocks/standing';

const SHA = 'a'.repeat(64);
const NPI = '1972902351';

const version = (version_id: number, doc_id = 'leie:1'): CatalogVersion => ({
  source_id: 'oig_leie',
  doc_id,
  version_id,
  sha256: SHA,
  name: 'UPDATED.csv',
  publisher_version: '07-2026',
  publisher_effective_from: null,
  publisher_effective_to: null,
  observed_from: '2026-07-15T10:00:00.000Z',
});

function view(versions: CatalogVersion[], gaps: CatalogGap[] = [], id = 'oig_leie'): DatasetView {
  const byId = new Map(versions.map((v) => [v.version_id, v]));
  return {
    dataset: { id },
    versions,
    gaps,
    version: (id: number) => byId.get(id),
  } as unknown as DatasetView;
}

function hit(over: Partial<ExclusionHit['record']> = {}, match: ExclusionHit['match']['method'] = 'npi'): ExclusionHit {
  return {
    list: 'federal',
    list_id: 'oig_leie',
    list_state: null,
    in_force: true,
    record: {
      entity_type: 'individual',
      name: 'KRAMER, JANE',
      last_name: 'KRAMER',
      first_name: 'JANE',
      middle_name: null,
      organization_name: null,
      other_names: [],
      npis: match === 'npi' ? [NPI] : [],
      npi_text: null,
      dob: '1970-01-02',
      city: 'ALBANY',
      state: 'NY',
      zip: null,
      license_number: null,
      provider_type: 'NURSE',
      action: '1128b4',
      start_date: '2024-03-20',
      end_date: null,
      end_note: null,
      waiver_date: null,
      waiver_state: null,
      ...over,
    },
    source: {
      source_id: 'oig_leie',
      doc_id: 'leie:1',
      version_id: 7,
      sha256: SHA,
      publisher_version: '07-2026',
      locator: { line: 120, record: 119 },
    },
    also_in: [],
    match: {
      method: match,
      on: match === 'npi' ? ['npi'] : ['name', 'state'],
      name_source: match === 'npi' ? null : 'registry',
    },
  };
}

function outcome(o: { hits?: ExclusionHit[]; names?: number; versions?: CatalogVersion[]; gaps?: CatalogGap[] }) {
  return {
    as_of: '2026-08-01',
    results: [
      {
        index: 0,
        subject: {
          npi: NPI,
          names: Array.from({ length: o.names ?? 1 }, (_, i) => ({ key: `k${i}`, source: 'registry' })),
          states: ['NY'],
          dob: null,
        },
        provider: null,
        federal: o.hits ?? [],
        state: [],
      },
    ],
    federal: [view(o.versions ?? [version(7)], o.gaps ?? [])],
    state: view([], [], 'state_exclusions'),
    registry: null,
    registryVersionsUsed: [],
  } as unknown as ScreenOutcome;
}

const run = (o: ScreenOutcome, state?: string) =>
  exclusionStanding({ npi: NPI, state, asOf: '2026-08-01', outcome: o, baseUrl: 'http://x' });

describe('standing block', () => {
  it('a code is not yet added, active, or terminated by its add and term dates', () => {
    const v = { add_date: '2024-01-01', termination_date: '2025-05-15' };
    expect(codeStatus(v, '2023-12-31')).toBe('not_yet_added');
    expect(codeStatus(v, '2025-05-15')).toBe('active');
    expect(codeStatus(v, '2025-05-16')).toBe('terminated');
  });
});

describe('exclusion standing (the exclusions screen in the warrant)', () => {
  it('a hit in force is excluded on the date, with its row receipt and how it matched', () => {
    const { facts, gaps } = run(outcome({ hits: [hit({}, 'name_state')] }));
    expect(gaps).toEqual([]);
    expect(facts).toHaveLength(1);
    expect(facts[0]!.value).toMatchObject({ excluded_on_date: true, match: { method: 'name_state' } });
    expect(facts[0]!.receipt).toMatchObject({ doc_id: 'leie:1', version_id: 7, locator: { line: 120, record: 119 } });
    expect(facts[0]!.receipt.as_of_rule).toBe('first_observed');
  });

  it('a waiver granted before the date applies in its own state only', () => {
    const waived = hit({ waiver_date: '2025-01-10', waiver_state: 'NY' });
    expect(run(outcome({ hits: [waived] }), 'NY').facts[0]!.value).toMatchObject({
      excluded_on_date: false,
      waiver_applies: true,
    });
    const elsewhere = run(outcome({ hits: [waived] }), 'PA').facts[0]!.value;
    expect(elsewhere).toMatchObject({ excluded_on_date: true, waiver_applies: false });
    expect(String(elsewhere.waiver_note)).toMatch(/applies in NY, not in PA/);
    const noState = run(outcome({ hits: [waived] })).facts[0]!.value;
    expect(noState.excluded_on_date).toBe(true);
    expect(String(noState.waiver_note)).toMatch(/pass state=NY/);
    const later = hit({ waiver_date: '2026-09-01', waiver_state: 'NY' });
    expect(run(outcome({ hits: [later] }), 'NY').facts[0]!.value.excluded_on_date).toBe(true);
  });

  it('says "not listed" only after a search by NPI and by name', () => {
    const listed = run(outcome({ names: 2 }));
    expect(listed.gaps).toEqual([]);
    expect(listed.facts[0]).toMatchObject({
      kind: 'leie_not_listed',
      value: { excluded_on_date: false, searched_by: ['npi', 'name'] },
    });
    const npiOnly = run(outcome({ names: 0 }));
    expect(npiOnly.facts).toEqual([]);
    expect(npiOnly.gaps).toEqual([expect.objectContaining({ kind: 'leie', reason: 'identity_unresolved' })]);
  });

  it('a stale list is a gap, never "not listed"', () => {
    const stale: CatalogGap = {
      source_id: 'oig_leie',
      doc_id: 'leie:1',
      reason: 'stale_version',
      detail: 'Version 3 began 2025-03-01 ...',
    };
    const r = run(outcome({ versions: [], gaps: [stale] }));
    expect(r.facts).toEqual([]);
    expect(r.gaps).toEqual([expect.objectContaining({ reason: 'stale_version', doc_id: 'leie:1' })]);
    // A hit from another version still shows, beside the gap.
    const withHit = run(outcome({ hits: [hit()], gaps: [{ ...stale, doc_id: 'leie:2', reason: 'not_loaded' }] }));
    expect(withHit.facts).toHaveLength(1);
    expect(withHit.gaps).toEqual([expect.objectContaining({ reason: 'source_not_loaded' })]);
  });

  it('a reinstated exclusion is listed but not in force', () => {
    const r = run(outcome({ hits: [{ ...hit({ end_date: '2026-05-01' }), in_force: false }] }));
    expect(r.facts[0]!.value).toMatchObject({
      excluded_on_date: false,
      exclusion_in_force: false,
      reinstatement_date: '2026-05-01',
    });
  });
});
