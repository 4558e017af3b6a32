import * as fs from 'node:fs';
import { importFile } from '../../../shared/archive/import';
import { Archive } from '../../../shared/archive/ingest';
import { syncAll } from '../../../shared/derive/sync-all';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';
import type { Json } from './world';

/**
 * Issue 11, point 7, on the real OIG LEIE sample (../shared/data/publisher/oig_leie/UPDATED.csv,
 * the July 2026 release, 176 rows; see PROVENANCE.md there): imported through the archive as
 * `npm run archive -- import` does (importFile, then syncAll), every row with an NPI is found by
 * that NPI, and a reinstated row is not reported excluded from its reinstatement date on.
 *
 * OIG drops reinstated people from UPDATED.csv and publishes them in the monthly REIN
 * supplement, so a full list normally holds no REINDATE. When the sample holds none, the
 * reinstatement is checked with a REIN supplement made of real rows of the sample, verbatim but
 * for the REINDATE column, archived after the full list (the way OIG publishes it).
 *
 * The file is read here with a separate minimal reader (every LEIE value is double-quoted), so the
 * expectations do not come from the parser under test.
 */
const LEIE = samplePath('oig_leie', 'UPDATED.csv');
const NPPES = samplePath('nppes', 'first10.csv');
const NO_NPI = '0000000000';
const NO_DATE = '00000000';

/** Fields of a line whose values are all double-quoted (LEIE rows, NPPES rows). */
const quoted = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
const iso = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** The name a screen item gives for a row: the person, or the business. */
const nameOf = (r: { f: Record<string, string> }) =>
  r.f.LASTNAME
    ? { last_name: r.f.LASTNAME, first_name: r.f.FIRSTNAME, state: r.f.STATE }
    : { organization_name: r.f.BUSNAME, state: r.f.STATE };

interface LeieLine {
  raw: string;
  f: Record<string, string>;
}

function readLeie(): { header: string; rows: LeieLine[] } {
  const lines = fs.readFileSync(LEIE).toString('latin1').split(/\r?\n/).filter(Boolean);
  const header = lines[0]!;
  const cols = header.split(',');
  const rows = lines.slice(1).map((raw) => {
    const v = quoted(raw);
    expect(v).toHaveLength(cols.length);
    return { raw, f: Object.fromEntries(cols.map((c, i) => [c, v[i]!])) };
  });
  return { header, rows };
}

describeWithSamples('exclusions conformance on the real OIG LEIE sample', LEIE, () => {
  let h: Harness;
  let key: TestKey;
  const { header, rows } = readLeie();
  const withNpi = rows.filter((r) => r.f.NPI !== NO_NPI);
  const lastExclusion = iso(rows.map((r) => r.f.EXCLDATE!).sort()[rows.length - 1]!);
  const reinstated = rows.filter((r) => r.f.REINDATE !== NO_DATE);

  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };
  const screen = async (asOf: string, items: object[]) => {
    const r = await h.request('/exclusions/screen', {
      method: 'POST',
      headers: { ...key.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ as_of: asOf, items }),
    });
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };

  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => new Date('2026-09-01T12:00:00Z') } });
    await importFile(new Archive(h.deps), {
      sourceId: 'oig_leie',
      file: LEIE,
      publisherVersion: '07-2026',
      effectiveFrom: '2026-07-01',
    });
    const { catalog } = await syncAll(h.deps, { sourceIds: ['oig_leie'] });
    expect(catalog.map((o) => [o.name, o.status, o.rows])).toEqual([['UPDATED.csv', 'loaded', rows.length]]);
    key = await createTestKey(h.deps, 'free', []);
  }, 60_000);
  afterAll(() => h.close());

  it('holds rows with NPIs to check', () => {
    expect(withNpi.length).toBeGreaterThan(0);
    for (const r of withNpi) expect(r.f.NPI).toMatch(/^\d{10}$/);
  });

  it('finds every row with an NPI by that NPI (comprehensive read)', async () => {
    for (const r of withNpi) {
      const body = await get(`/exclusions/comprehensive/${r.f.NPI}?as_of=${lastExclusion}`);
      expect({ npi: r.f.NPI, excluded: body.excluded }).toEqual({ npi: r.f.NPI, excluded: true });
      const hit = body.federal.find((x: Json) => x.record.npis.includes(r.f.NPI));
      expect(hit).toBeDefined();
      expect(hit.match.method).toBe('npi');
      expect(hit.record.start_date).toBe(iso(r.f.EXCLDATE!));
      expect(hit.record.name).toContain(r.f.LASTNAME || r.f.BUSNAME);
      expect(hit.source).toMatchObject({ source_id: 'oig_leie', doc_id: 'leie:1', publisher_version: '07-2026' });
    }
  });

  it('finds every row with an NPI by that NPI in one screen, in input order', async () => {
    const body = await screen(
      lastExclusion,
      withNpi.map((r) => ({ ref: r.f.NPI, npi: r.f.NPI })),
    );
    expect(body.results.map((x: Json) => x.ref)).toEqual(withNpi.map((r) => r.f.NPI));
    for (const res of body.results) {
      expect(res.excluded).toBe(true);
      expect(res.federal.map((x: Json) => x.match.method)).toContain('npi');
    }
    // The day before an exclusion date, that exclusion is not in force.
    const latest = withNpi.reduce((a, b) => (a.f.EXCLDATE! >= b.f.EXCLDATE! ? a : b));
    const d = new Date(`${iso(latest.f.EXCLDATE!)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    const dayBefore = d.toISOString().slice(0, 10);
    if (dayBefore >= '2026-07-01') {
      // By NPI alone a negative is not known (most rows carry no NPI) ...
      const early = await get(`/exclusions/comprehensive/${latest.f.NPI}?as_of=${dayBefore}`);
      expect(early.excluded).toBeNull();
      expect(early.not_in_force).toHaveLength(1);
      // ... with the name as well, it is: not excluded the day before.
      const named = (await screen(dayBefore, [{ npi: latest.f.NPI, ...nameOf(latest) }])).results[0];
      expect(named.excluded).toBe(false);
      expect(named.not_in_force).toHaveLength(1);
    }
  });

  it('does not report a reinstated row excluded from its reinstatement date on', async () => {
    const rein = '20260810';
    let targets: LeieLine[];
    if (reinstated.length) {
      targets = reinstated;
    } else {
      console.warn(
        `[conformance] ${LEIE} holds no row with REINDATE (OIG removes reinstated rows from UPDATED.csv); ` +
          'checking reinstatement with a 2608REIN.csv supplement built from real rows of it.',
      );
      const individual = withNpi.find((r) => r.f.LASTNAME)!;
      const entity = withNpi.find((r) => !r.f.LASTNAME)!;
      const noNpi = rows.find((r) => r.f.NPI === NO_NPI && r.f.LASTNAME && r.f.DOB !== NO_DATE && r.f.STATE)!;
      targets = [individual, entity, noNpi].map((r) => {
        const v = quoted(r.raw);
        v[header.split(',').indexOf('REINDATE')] = rein;
        return { raw: v.map((x) => `"${x}"`).join(','), f: { ...r.f, REINDATE: rein } };
      });
      await new Archive(h.deps).ingest({
        sourceId: 'oig_leie',
        name: '2608REIN.csv',
        body: Buffer.from(`${[header, ...targets.map((t) => t.raw)].join('\r\n')}\r\n`, 'latin1'),
        publisherVersion: '2026-08',
        effectiveFrom: '2026-08-01',
        origin: 'backfill',
        observedAt: new Date('2026-08-01T06:00:00Z'),
      });
      const { catalog } = await syncAll(h.deps, { sourceIds: ['oig_leie'] });
      expect(catalog.map((o) => [o.name, o.status, o.rows])).toEqual([['2608REIN.csv', 'loaded', targets.length]]);
    }
    const item = (r: LeieLine) =>
      r.f.NPI !== NO_NPI
        ? { npi: r.f.NPI, ...nameOf(r) }
        : { last_name: r.f.LASTNAME, first_name: r.f.FIRSTNAME, state: r.f.STATE, dob: iso(r.f.DOB!) };
    for (const r of targets) {
      const end = iso(r.f.REINDATE!);
      const d = new Date(`${end}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 1);
      const dayBefore = d.toISOString().slice(0, 10);
      const [before, on, later] = await Promise.all(
        // 2026-09-30: the July list is 91 days old, inside the monthly cadence's 100-day critical age.
        [dayBefore, end, '2026-09-30'].map(async (asOf) => (await screen(asOf, [item(r)])).results[0]),
      );
      if (dayBefore >= iso(r.f.EXCLDATE!)) expect(before.excluded).toBe(true);
      for (const res of [on, later]) {
        expect(res.excluded).toBe(false);
        expect(res.federal).toEqual([]);
        expect(res.not_in_force.map((x: Json) => x.record.end_date)).toEqual([end]);
      }
      if (r.f.NPI !== NO_NPI) {
        // By NPI alone (the registry here cannot name it): the reinstatement shows, the verdict is not known.
        const body = await get(`/exclusions/comprehensive/${r.f.NPI}?as_of=2026-09-30`);
        expect(body.federal).toEqual([]);
        expect(body.excluded).toBeNull();
        expect(body.not_in_force.map((x: Json) => x.record.end_date)).toEqual([end]);
      }
    }
  });
});

describeWithSamples('provider registry conformance on the real NPPES sample', NPPES, () => {
  let h: Harness;
  let key: TestKey;
  const lines = fs.readFileSync(NPPES).toString('utf8').split(/\r?\n/).filter(Boolean);
  const cols = quoted(lines[0]!);
  const records = lines.slice(1).map((l) => {
    const v = quoted(l);
    return Object.fromEntries(cols.map((c, i) => [c, v[i] ?? '']));
  });

  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => new Date('2026-09-01T12:00:00Z') } });
    // The excerpt comes from a pre-2017 `npidata_20050523-2015….csv`; it is archived under the
    // current monthly name (newest Last Update Date in it: 2014-11-25), bytes unchanged.
    await new Archive(h.deps).ingest({
      sourceId: 'nppes',
      name: 'npidata_pfile_20050523-20141130.csv',
      body: fs.readFileSync(NPPES),
      publisherVersion: '20050523-20141130',
      effectiveFrom: '2014-11-30',
      origin: 'backfill',
      observedAt: new Date('2026-09-01T06:00:00Z'),
    });
    const { catalog } = await syncAll(h.deps, { sourceIds: ['nppes'] });
    expect(catalog.map((o) => [o.status, o.rows])).toEqual([['loaded', records.length]]);
    key = await createTestKey(h.deps, 'free', []);
  }, 60_000);
  afterAll(() => h.close());

  it('resolves every NPI of the file to its names and practice state', async () => {
    expect(records).toHaveLength(10);
    for (const rec of records) {
      const npi = rec.NPI!;
      const r = await h.request(`/exclusions/comprehensive/${npi}`, { headers: key.headers });
      expect(r.status).toBe(200);
      const body = (await r.json()) as Json;
      const entity = rec['Entity Type Code'] === '1' ? 'individual' : 'organization';
      expect(body.provider).toMatchObject({
        npi,
        entity_type: entity,
        last_name: rec['Provider Last Name (Legal Name)'] || null,
        first_name: rec['Provider First Name'] || null,
        organization_name: rec['Provider Organization Name (Legal Business Name)'] || null,
        practice_state: rec['Provider Business Practice Location Address State Name'] || null,
      });
      expect(body.provider.source).toMatchObject({ source_id: 'nppes', doc_id: 'nppes:1' });
      // No list is archived here: the answer says so rather than clearing the provider.
      expect(body.gaps.map((g: Json) => g.source_id)).toContain('oig_leie');
    }
  });
});
