import * as fs from 'node:fs';
import * as path from 'node:path';
import { countRequests } from '../../../bench/sdk-counter';
import { providersGroup } from '../../../functions/providers/routes';
import { buildApp } from '../../../shared/app/build';
import { Archive } from '../../../shared/archive/ingest';
import { requireDataset } from '../../../shared/catalog/datasets';
import { lookupAcross, lookupMany } from '../../../shared/catalog/lookup';
import { syncCatalog } from '../../../shared/catalog/sync';
import { viewOf } from '../../../shared/catalog/view';
import { MAX_ROWS_PER_KEY } from '../../../shared/catalog/writer';
import type { Clock, Deps } from '../../../shared/deps';
import { trialsDossierBlock } from '../../../shared/providers/trials-block';
import { catalogWorld } from '../../helpers/catalog-world';
import { countingTable } from '../../helpers/counting-table';

/**
 * Issue 21 point 8 (read budget): `/provider/{npi}` with every source its blocks read archived and
 * loaded (the registry, the DAC files and the reassignment list, the PPEF file, MIPS, Open Payments, the three
 * state board files with the board directory; ClinicalTrials.gov and the NPDB file beside them),
 * read through the app with the real SDK and its storage reads counted.
 */
const TODAY = '2025-08-01';
const AS_OF = '2025-07-05';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };
const SOURCES = [
  'nppes',
  'cms_dac',
  'cms_pecos_reassignment',
  'cms_ppef',
  'cms_qpp_mips',
  'cms_open_payments',
  'nlm_ctgov',
  'state_licenses_wa',
  'state_licenses_co',
  'state_licenses_ny',
  'hrsa_npdb_puf',
  'state_board_directory',
];
const FENWICK = '1694038252'; // NPPES, DAC, reassignment (stale on AS_OF), MIPS, Open Payments research
const ALDERMAN = '1847362914'; // NPPES, MIPS, NY board actions

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('provider dossier read budget, every source loaded', () => {
  const world = catalogWorld(SOURCES, clock, 300_000);

  /**
   * The dossier through an app on a fresh counting table (so a cold listing cache): the body, the
   * catalog reads the code makes (Table calls) and the DynamoDB requests they become (an SDK
   * middleware; same-turn batch gets are coalesced into one request, shared/aws/batch-get.ts).
   */
  const counted = () => {
    const c = countingTable(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const app = buildApp([providersGroup], deps);
    return async (npi: string) => {
      const sdk = countRequests([world.h.deps.clients.dynamodb]);
      const before = c.reads();
      try {
        const r = await app.request(`/provider/${npi}?as_of=${AS_OF}`, { headers: world.key.headers });
        const body = (await r.json()) as Json;
        const requests = sdk.calls.filter((x) => x.table === 'catalog').map((x) => x.operation);
        return { status: r.status, body, reads: c.reads() - before, log: c.log.slice(before), requests };
      } finally {
        sdk.stop();
      }
    };
  };

  it('answers every block from its sources in at most 8 storage reads', async () => {
    const dossier = counted();
    const cold = await dossier(FENWICK);
    expect(cold.status).toBe(200);
    const b = cold.body;
    for (const block of [
      'identity',
      'license_intelligence',
      'quality_intelligence',
      'employment_intelligence',
      'clinical_trials',
      'facility_affiliations',
      'hospital_affiliations',
    ])
      expect([block, b[block].data]).not.toEqual([block, null]);
    expect(b.identity.data).toMatchObject({ npi: FENWICK, last_name: 'FENWICK' });
    expect(b.quality_intelligence.data.scores.length).toBeGreaterThan(0);
    expect(b.clinical_trials.data.trials.length).toBeGreaterThan(0);
    expect(b.employment_intelligence.data.attribution_signals.length).toBeGreaterThan(0);
    // The group practice's employer NPI from the PPEF file, as /provider/{npi}/employment fills it.
    const group = b.employment_intelligence.data.attribution_signals.find(
      (s: Json) => s.derivation === 'group_practice',
    );
    expect(group).toMatchObject({
      employer_pac_id: '6610004455',
      employer_npi: '1780000059',
      employer_npi_via: 'pac_id',
      employer_npi_source: { source_id: 'cms_ppef', locator: { line: 8 } },
    });
    expect(b.employment_intelligence.sources.map((s: Json) => s.source_id)).toContain('cms_ppef');
    expect(b.license_intelligence.data.states_held).toEqual(['CO', 'NY', 'WA']);
    // Every source is loaded; the reassignment list's only fixture (January 2025) is past its
    // cadence on AS_OF (the board files start in June), so it answers with a gap, after its read.
    expect(b.gaps.map((g: Json) => [g.source_id, g.reason])).toEqual([['cms_pecos_reassignment', 'stale_version']]);
    expect(b.sources.map((s: Json) => s.source_id)).toEqual(
      expect.arrayContaining([
        'nppes',
        'cms_dac',
        'cms_ppef',
        'cms_qpp_mips',
        'cms_open_payments',
        'state_licenses_ny',
        'state_board_directory',
      ]),
    );
    expect(cold.reads).toBeLessThanOrEqual(8);
    expect(cold.requests.length).toBeLessThanOrEqual(8);
    // The heads, the batched get, the links query, the PPEF batched get of the group's keys (it
    // needs the links rows), the directory's two (values, nulls) queries.
    expect(cold.reads).toBe(6);
    // Warm (the directory cached): the heads, the batched get, the links query, the PPEF get.
    const warm = await dossier(FENWICK);
    expect(warm.body).toEqual(cold.body);
    expect(warm.reads).toBe(4);

    const alderman = await dossier(ALDERMAN);
    expect(alderman.status).toBe(200);
    expect(alderman.body.license_intelligence.data.disciplinary_actions).toBeGreaterThan(0);
    expect(alderman.reads).toBeLessThanOrEqual(8);
    expect(alderman.requests.length).toBeLessThanOrEqual(8);
    // No DAC or reassignment row names a group: no PPEF get.
    expect(alderman.reads).toBe(3);
  });

  it('lookupAcross: lookups of several datasets in one batched get, each as lookupMany answers it', async () => {
    const c = countingTable(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const licenses = await viewOf(deps, requireDataset('state_licenses'), AS_OF);
    const mips = await viewOf(deps, requireDataset('cms_qpp_mips'), AS_OF);
    const notNy = licenses.versions.filter((v) => v.source_id !== 'state_licenses_ny');
    expect(notNy.length).toBeGreaterThan(0);
    const wants = [
      { dataset: licenses.dataset, index: 'npi', keys: [FENWICK, ALDERMAN], versions: licenses.versions },
      // Some of the same items again: each lookup gets the versions it asked for, not NY's.
      { dataset: licenses.dataset, index: 'npi', keys: [ALDERMAN], versions: notNy },
      { dataset: mips.dataset, index: 'npi', keys: [FENWICK, ALDERMAN, '1000000095'], versions: mips.versions },
    ];
    const before = c.reads();
    const together = await lookupAcross(deps, wants);
    expect(c.reads() - before).toBe(1);
    const alone = await Promise.all(wants.map((w) => lookupMany(deps, w.dataset, w.index, w.keys, w.versions)));
    expect(together).toEqual(alone);
    expect(together[0]!.get(ALDERMAN)!.length).toBeGreaterThan(0);
    expect(together[1]!.get(ALDERMAN) ?? []).toEqual([]);
    expect(together[2]!.get(FENWICK)!.length).toBeGreaterThan(0);
  });
});

describe('dossier clinical_trials block: a full research index entry', () => {
  const world = catalogWorld(['cms_open_payments'], clock, 120_000);
  const PI = '1902938475';

  it(`reads a version whose entry holds ${MAX_ROWS_PER_KEY} rows from the listing, losing no row`, async () => {
    const header = fs
      .readFileSync(
        path.resolve(
          __dirname,
          '../../../shared/datasets/cms_open_payments/fixtures/OP_DTL_RSRCH_PGYR2022_P01192024.csv',
        ),
        'utf8',
      )
      .split('\n')[0]!;
    const rows = Array.from({ length: MAX_ROWS_PER_KEY + 5 }, (_, i) =>
      [
        'NEW',
        'Covered Recipient Physician',
        '',
        PI,
        'ANA',
        'BRANDT',
        'OH',
        '9001',
        PI,
        'ANA',
        'BRANDT',
        '',
        '',
        '',
        '',
        '',
        '',
        '100000000101',
        'Quartzfield Pharmaceuticals Inc.',
        `${100 + i}.25`,
        '03/01/2023',
        'Cash or cash equivalent',
        'QZ-202 study',
        i % 2 ? 'NCT09000002' : 'NCT09000004',
        String(800_000_000 + i),
        '2023',
        '01/17/2025',
      ]
        .map((v) => `"${v}"`)
        .join(','),
    );
    await new Archive(world.h.deps).ingest({
      sourceId: 'cms_open_payments',
      name: 'OP_DTL_RSRCH_PGYR2023_P01172025.csv',
      body: Buffer.from(`${header}\n${rows.join('\n')}\n`),
      publisherVersion: 'PY2023 P2025-01-17',
      effectiveFrom: '2025-01-17',
      effectiveTo: null,
      origin: 'backfill',
      observedAt: new Date('2025-01-17T06:00:00Z'),
    });
    await syncCatalog(world.h.deps);
    const block = await trialsDossierBlock(world.h.deps, PI, AS_OF);
    const listed = (await world.get(`/provider/${PI}/clinical-trials?as_of=${AS_OF}`)).body;
    // The index entry kept MAX_ROWS_PER_KEY of the PI's rows; the listing read gives all of them.
    expect(block.data!.trials.reduce((n, t) => n + t.link.payments, 0)).toBe(MAX_ROWS_PER_KEY + 5);
    expect(block.data!.trials.map((t) => [t.nct_id, t.link.payments])).toEqual(
      listed.items.map((t: Json) => [t.nct_id, t.link.payments]),
    );
    expect(block.data!.trials.map((t) => t.link)).toEqual(listed.items.map((t: Json) => t.link));
  });
});
