import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runArchiveCommand } from '../../../scripts/archive';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';
import { seedFixtures } from '../../helpers/seed';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 14, points 1, 2, 8 and 12, on the real OIG LEIE sample (../shared/data/publisher/oig_leie/
 * UPDATED.csv, July 2026, 176 rows): the case that answered wrong before. The fixture LEIE history
 * (publisher-dated full lists of January and March 2025, seen by fetches through September 2025) is
 * archived first; then the real list is imported as an operator would, with its label only (no
 * effective date), first observed on 2026-07-14. Hand-checked from the raw file: line 4 is
 * `"","","","101 FIRST CARE PHARMACY INC",...,"1972902351",...,"NY","10040","1128b8","20220320",...`
 * (an entity with an NPI, excluded since 2022-03-20).
 *
 * Before, as-of ignored every version without a window once any had one: the warrant and the
 * exclusions screen said "not excluded", signed, citing the March 2025 list.
 */
const LEIE = samplePath('oig_leie', 'UPDATED.csv');
const PHARMACY = '1972902351';
const OBSERVED = '2026-07-14T09:00:00Z';

describeWithSamples('mixed LEIE timeline: a publisher-dated history, then the real list imported undated', LEIE, () => {
  let h: Harness;
  let key: TestKey;
  let realVersion: number;
  const importLines: string[] = [];
  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };
  const asOf = (date: string) => get(`/archive/docs/leie:1/as-of?date=${date}`);

  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => new Date('2026-08-25T12:00:00Z') } });
    await seedFixtures(h.deps, (e) => e.source_id === 'oig_leie');
    key = await createTestKey(h.deps, 'pro', ['warrant']);
    const code = await runArchiveCommand(
      ['import', '--source', 'oig_leie', '--file', LEIE, '--publisher-version', '07-2026', '--observed-at', OBSERVED],
      h.deps,
      (l) => importLines.push(l),
    );
    expect(code).toBe(0);
    const versions = (await get('/v1/archive/docs/leie:1/versions?limit=100')).items as Json[];
    realVersion = versions.find((v) => v.publisher_version === '07-2026')!.version_id;
  }, 120_000);
  afterAll(() => h.close());

  it('the import says which rule dates the new version and warns that the document now mixes rules', () => {
    const out = importLines.join('\n');
    expect(out).toMatch(/first_observed/);
    expect(out).toMatch(/WARNING/);
    expect(out).toMatch(/leie:1/);
  });

  it('the undated list decides from the day it was first observed (mixed timeline, one rule)', async () => {
    const on = await asOf('2026-07-20');
    expect(on).toMatchObject({ status: 'resolved', rule: 'first_observed', timeline: 'mixed' });
    expect(on.version.version_id).toBe(realVersion);
    expect(on.window).toEqual({ from: '2026-07-14', to: null });
    expect(on.method).toMatch(/latest start decides/);
  });

  it('the pharmacy is excluded from that day, by NPI, citing line 4 of the real file', async () => {
    const body = await get(`/exclusions/comprehensive/${PHARMACY}?as_of=2026-07-20`);
    expect(body.excluded).toBe(true);
    expect(body.federal).toHaveLength(1);
    expect(body.federal[0].source).toMatchObject({ version_id: realVersion, locator: { line: 4, record: 3 } });
    expect(body.federal[0].record).toMatchObject({
      organization_name: '101 FIRST CARE PHARMACY INC',
      start_date: '2022-03-20',
    });

    const w = await get(`/rules/warrant?hcpcs=E0601&as_of=2026-07-20&npi=${PHARMACY}&state=NY`);
    const leie = (w.standing.facts as Json[]).find((f) => f.kind === 'leie')!;
    expect(leie.value).toMatchObject({
      excluded_on_date: true,
      match: { method: 'npi' },
      exclusion_date: '2022-03-20',
    });
    expect(leie.receipt).toMatchObject({
      source_id: 'oig_leie',
      doc_id: 'leie:1',
      version_id: realVersion,
      as_of_rule: 'first_observed',
      locator: { line: 4, record: 3 },
      publisher_version: '07-2026',
    });
    expect(w.attestation).toBeUndefined(); // the test harness signs nothing: SIGNING_KEY_SOURCE=none
  });

  it('the day before, the March 2025 list is stale: not known, never "not excluded"', async () => {
    const gap = await asOf('2026-07-13');
    expect(gap).toMatchObject({ status: 'gap', rule: 'publisher_effective_window', timeline: 'mixed' });
    expect(gap.gap.reason).toBe('stale_version');
    expect(gap.gap.freshness.age_days).toBeGreaterThanOrEqual(100);

    const body = await get(`/exclusions/comprehensive/${PHARMACY}?as_of=2026-07-13`);
    expect(body.excluded).toBeNull();
    expect(body.excluded_reason).toMatch(/oig_leie stale_version/);
    const w = await get(`/rules/warrant?hcpcs=E0601&as_of=2026-07-13&npi=${PHARMACY}&state=NY`);
    expect((w.standing.facts as Json[]).filter((f) => f.kind.startsWith('leie'))).toEqual([]);
    const g = (w.standing.gaps as Json[]).find((x) => x.kind === 'leie')!;
    expect(g).toMatchObject({ reason: 'stale_version', doc_id: 'leie:1' });
    expect(g.detail).toMatch(/monthly source/);
  });

  it('inside the fixture history the March 2025 list still decides, its open window now ending the day before', async () => {
    const mar = await asOf('2025-08-15');
    expect(mar).toMatchObject({ status: 'resolved', rule: 'publisher_effective_window', timeline: 'mixed' });
    expect(mar.version.publisher_version).toBe('03-2025');
    expect(mar.window).toEqual({ from: '2025-03-01', to: '2026-07-13' });
    // Seen again as the newest version on 2025-09-01, after the date: current on the date itself.
    expect(mar.freshness).toMatchObject({ class: 'fresh', evidence_date: '2025-08-15', age_days: 0 });
  });

  it('a dated import after the undated one: each decides inside its own window', async () => {
    // The real list without the pharmacy's row, published for 2026-08-01 and archived on 2026-08-20.
    const lines = fs.readFileSync(LEIE).toString('latin1').split('\r\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leie-'));
    const file = path.join(dir, 'UPDATED.csv');
    fs.writeFileSync(file, Buffer.from(lines.filter((l) => !l.includes(`"${PHARMACY}"`)).join('\r\n'), 'latin1'));
    const out: string[] = [];
    const code = await runArchiveCommand(
      [
        'import',
        '--source',
        'oig_leie',
        '--file',
        file,
        '--publisher-version',
        '08-2026',
        '--effective-from',
        '2026-08-01',
        '--observed-at',
        '2026-08-20T09:00:00Z',
      ],
      h.deps,
      (l) => out.push(l),
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/publisher_effective_window/);

    const july = await asOf('2026-07-31');
    expect(july.version.version_id).toBe(realVersion);
    expect(july.window).toEqual({ from: '2026-07-14', to: '2026-07-31' });
    const aug = await asOf('2026-08-05');
    expect(aug).toMatchObject({ status: 'resolved', rule: 'publisher_effective_window' });
    expect(aug.version.publisher_version).toBe('08-2026');

    // In force on 2026-08-05, the August list no longer lists the pharmacy; the registry here
    // cannot name the NPI, so that is "not known", not "not excluded".
    const body = await get(`/exclusions/comprehensive/${PHARMACY}?as_of=2026-08-05`);
    expect(body.federal).toEqual([]);
    expect(body.excluded).toBeNull();
    expect(body.sources.map((s: Json) => s.publisher_version)).toContain('08-2026');
    const before = await get(`/exclusions/comprehensive/${PHARMACY}?as_of=2026-07-31`);
    expect(before.excluded).toBe(true);
  });
});
