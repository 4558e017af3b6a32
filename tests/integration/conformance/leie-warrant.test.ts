import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runArchiveCommand } from '../../../scripts/archive';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 14, point 12: conformance of the warrant's standing block (`npi`, `state`) on the real OIG
 * LEIE sample (../shared/data/publisher/oig_leie/UPDATED.csv, the July 2026 release, 176 rows, every
 * value double-quoted, CRLF; see PROVENANCE.md there), imported through the operator path as
 * `archive import --publisher-version 07-2026 --effective-from 2026-07-01`, with the real NPPES
 * excerpt (../shared/data/publisher/nppes/first10.csv, 10 providers of 2005) as the registry.
 * Expected values are literals read by hand from the raw lines (the comments quote them); the test
 * re-reads each line with a plain quoted-field split to check them.
 *
 * Providers checked, found by NPI (file line = the receipt's line): 101 FIRST CARE PHARMACY INC (4),
 * 184TH STREET PHARMACY CORP (8), 3707 OREGON LLC (15), A HELPFUL HAND, LLC (43, excluded 20260720),
 * ABSOLUTE MEDICAL SUPPLIES SERV (69), KRAKOW SAMUEL (102), KRAM HARRY (107, excluded 20260720),
 * KRAMER DAVID (112), KRAMER EUGENE (114), KRASUSKI ANDREW (124), KREITMAN HAL (171).
 * Rows without an NPI, found by name only (POST /exclusions/screen): KRAINIK PAUL (93), KRASI
 * SVETLANA (119), #1 MARKETING SERVICE, INC (2). The NPPES sample names none of the LEIE rows (its
 * 10 names are not in the LEIE sample), so: an NPI the registry names (WIEBE DAVID, NE) is searched by
 * NPI and name and not listed; an NPI it does not name and no row carries is `identity_unresolved`.
 *
 * Boundary days, and why:
 * - 2026-07-19 / 2026-07-20: the day before and the day of the two July exclusions (lines 43, 107).
 * - 2026-06-30: the day before the list's start (no version in force, never "not excluded").
 * - 2026-10-08 / 2026-10-09: 99 and 100 days from the list's start 2026-07-01; at 100 (the monthly
 *   cadence's critical age) the list is a `stale_version` gap, not "not excluded".
 * Waivers: no row of the sample has a WAIVERDATE or WVRSTATE (checked below), so they are checked on
 * a derived August list: the real bytes with line 102 (KRAKOW, PA) given WAIVERDATE 20260805 and
 * WVRSTATE PA, archived as `08-2026` effective 2026-08-01, the way OIG would publish a waiver.
 */
const LEIE = samplePath('oig_leie', 'UPDATED.csv');
const NPPES = samplePath('nppes', 'first10.csv');
const NO_NPI = '0000000000';
const DOS = '2026-08-03';

/** Fields of a line whose values are all double-quoted. */
const quoted = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

interface Provider {
  line: number;
  npi: string;
  /** LASTNAME, FIRSTNAME, MIDNAME, BUSNAME as printed. */
  last: string;
  first: string;
  mid: string;
  bus: string;
  dob: string;
  state: string;
  type: string;
  excl: string;
  /** The service's rendering of the name. */
  name: string;
}

const BY_NPI: Provider[] = [
  // line 4: `"","","","101 FIRST CARE PHARMACY INC",...,"1972902351","",...,"NY","10040","1128b8","20220320",...`
  {
    line: 4,
    npi: '1972902351',
    last: '',
    first: '',
    mid: '',
    bus: '101 FIRST CARE PHARMACY INC',
    dob: '',
    state: 'NY',
    type: '1128b8',
    excl: '20220320',
    name: '101 FIRST CARE PHARMACY INC',
  },
  // line 8: `"","","","184TH STREET PHARMACY CORP",...,"1922348218","",...,"NY","10468","1128a1","20180419",...`
  {
    line: 8,
    npi: '1922348218',
    last: '',
    first: '',
    mid: '',
    bus: '184TH STREET PHARMACY CORP',
    dob: '',
    state: 'NY',
    type: '1128a1',
    excl: '20180419',
    name: '184TH STREET PHARMACY CORP',
  },
  // line 15: `"","","","3707 OREGON LLC",...,"1689095580","",...,"AK","99577","1128a1","20260618",...`
  {
    line: 15,
    npi: '1689095580',
    last: '',
    first: '',
    mid: '',
    bus: '3707 OREGON LLC',
    dob: '',
    state: 'AK',
    type: '1128a1',
    excl: '20260618',
    name: '3707 OREGON LLC',
  },
  // line 43: `"","","","A HELPFUL HAND, LLC",...,"1609410885","",...,"NV","89502","1128a1","20260720",...`
  {
    line: 43,
    npi: '1609410885',
    last: '',
    first: '',
    mid: '',
    bus: 'A HELPFUL HAND, LLC',
    dob: '',
    state: 'NV',
    type: '1128a1',
    excl: '20260720',
    name: 'A HELPFUL HAND, LLC',
  },
  // line 69: `"","","","ABSOLUTE MEDICAL SUPPLIES SERV",...,"1588302186","",...,"PA","18372","1128Aa","20260624",...`
  {
    line: 69,
    npi: '1588302186',
    last: '',
    first: '',
    mid: '',
    bus: 'ABSOLUTE MEDICAL SUPPLIES SERV',
    dob: '',
    state: 'PA',
    type: '1128Aa',
    excl: '20260624',
    name: 'ABSOLUTE MEDICAL SUPPLIES SERV',
  },
  // line 102: `"KRAKOW","SAMUEL","L","",...,"1477703494","19740731",...,"PA","17932","1128a4","20110220",...`
  {
    line: 102,
    npi: '1477703494',
    last: 'KRAKOW',
    first: 'SAMUEL',
    mid: 'L',
    bus: '',
    dob: '19740731',
    state: 'PA',
    type: '1128a4',
    excl: '20110220',
    name: 'KRAKOW, SAMUEL L',
  },
  // line 107: `"KRAM","HARRY","BERNARD","",...,"1811937436","19540614",...,"CA","90274","1128b4","20260720",...`
  {
    line: 107,
    npi: '1811937436',
    last: 'KRAM',
    first: 'HARRY',
    mid: 'BERNARD',
    bus: '',
    dob: '19540614',
    state: 'CA',
    type: '1128b4',
    excl: '20260720',
    name: 'KRAM, HARRY BERNARD',
  },
  // line 112: `"KRAMER","DAVID","RANDALL","",...,"1376755462","19521107",...,"UT","84770","1128b4","20160218",...`
  {
    line: 112,
    npi: '1376755462',
    last: 'KRAMER',
    first: 'DAVID',
    mid: 'RANDALL',
    bus: '',
    dob: '19521107',
    state: 'UT',
    type: '1128b4',
    excl: '20160218',
    name: 'KRAMER, DAVID RANDALL',
  },
  // line 114: `"KRAMER","EUGENE","MICHAEL","",...,"1326227711","19691219",...,"RI","02865","1128a3","20220320",...`
  {
    line: 114,
    npi: '1326227711',
    last: 'KRAMER',
    first: 'EUGENE',
    mid: 'MICHAEL',
    bus: '',
    dob: '19691219',
    state: 'RI',
    type: '1128a3',
    excl: '20220320',
    name: 'KRAMER, EUGENE MICHAEL',
  },
  // line 124: `"KRASUSKI","ANDREW","W","",...,"1407803091","19420204",...,"CT","06489","1128b4","20150618",...`
  {
    line: 124,
    npi: '1407803091',
    last: 'KRASUSKI',
    first: 'ANDREW',
    mid: 'W',
    bus: '',
    dob: '19420204',
    state: 'CT',
    type: '1128b4',
    excl: '20150618',
    name: 'KRASUSKI, ANDREW W',
  },
  // line 171: `"KREITMAN","HAL","MARK","",...,"1437371218","19630709",...,"KY","40962","1128a3","20150520",...`
  {
    line: 171,
    npi: '1437371218',
    last: 'KREITMAN',
    first: 'HAL',
    mid: 'MARK',
    bus: '',
    dob: '19630709',
    state: 'KY',
    type: '1128a3',
    excl: '20150520',
    name: 'KREITMAN, HAL MARK',
  },
];

/** Rows with NPI `0000000000`: found by name only. */
const BY_NAME: Provider[] = [
  // line 93: `"KRAINIK","PAUL","STEPHEN","",...,"0000000000","19760521",...,"NY","13626","1128a1","20180920",...`
  {
    line: 93,
    npi: NO_NPI,
    last: 'KRAINIK',
    first: 'PAUL',
    mid: 'STEPHEN',
    bus: '',
    dob: '19760521',
    state: 'NY',
    type: '1128a1',
    excl: '20180920',
    name: 'KRAINIK, PAUL STEPHEN',
  },
  // line 119: `"KRASI","SVETLANA","","",...,"0000000000","19450411",...,"NY","11693","1128a1","20100520",...`
  {
    line: 119,
    npi: NO_NPI,
    last: 'KRASI',
    first: 'SVETLANA',
    mid: '',
    bus: '',
    dob: '19450411',
    state: 'NY',
    type: '1128a1',
    excl: '20100520',
    name: 'KRASI, SVETLANA',
  },
  // line 2: `"","","","#1 MARKETING SERVICE, INC",...,"0000000000","",...,"NY","11235","1128a1","20200319",...`
  {
    line: 2,
    npi: NO_NPI,
    last: '',
    first: '',
    mid: '',
    bus: '#1 MARKETING SERVICE, INC',
    dob: '',
    state: 'NY',
    type: '1128a1',
    excl: '20200319',
    name: '#1 MARKETING SERVICE, INC',
  },
];

const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

describeWithSamples('LEIE in the warrant on the real July 2026 list (standing block, npi and state)', LEIE, () => {
  const bytes = fs.readFileSync(LEIE);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const lines = bytes.toString('latin1').split('\r\n');
  const header = lines[0]!.split(',');
  const raw = (line: number) => {
    const v = quoted(lines[line - 1]!);
    expect(v).toHaveLength(header.length);
    return Object.fromEntries(header.map((c, i) => [c, v[i]!]));
  };
  const checkRaw = (p: Provider) =>
    expect(raw(p.line)).toMatchObject({
      LASTNAME: p.last,
      FIRSTNAME: p.first,
      MIDNAME: p.mid,
      BUSNAME: p.bus,
      NPI: p.npi,
      DOB: p.dob,
      STATE: p.state,
      EXCLTYPE: p.type,
      EXCLDATE: p.excl,
      REINDATE: '00000000',
      WAIVERDATE: '00000000',
      WVRSTATE: '',
    });
  /** The registry excerpt under its CMS monthly name (bytes unchanged), in a temporary folder. */
  /** Temporary folders for copies and derived files (never in the repository), removed at the end. */
  const temp: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    temp.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
  });
  const registryCopy = () => {
    const dir = tempDir('nppes-');
    const file = path.join(dir, 'npidata_pfile_20050523-20141130.csv');
    fs.copyFileSync(NPPES, file);
    return file;
  };
  const importLeie = async (h: Harness, file: string, version: string, from: string, observed: string) => {
    const out: string[] = [];
    const code = await runArchiveCommand(
      [
        'import',
        '--source',
        'oig_leie',
        '--file',
        file,
        '--publisher-version',
        version,
        '--effective-from',
        from,
        '--observed-at',
        observed,
      ],
      h.deps,
      (l) => out.push(l),
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toContain(`publisher_effective_window (it has a publisher effective date, ${from})`);
  };
  const client = (h: () => Harness, key: () => TestKey) => {
    const get = async (p: string) => {
      const r = await h().request(p, { headers: key().headers });
      expect(r.status).toBe(200);
      return (await r.json()) as Json;
    };
    const standing = async (npi: string, date: string, state?: string) => {
      const w = await get(`/rules/warrant?hcpcs=E0601&as_of=${date}&npi=${npi}${state ? `&state=${state}` : ''}`);
      const s = w.standing as Json;
      return {
        leie: (s.facts as Json[]).filter((f) => f.kind.startsWith('leie')),
        gaps: (s.gaps as Json[]).filter((g) => g.kind === 'leie'),
      };
    };
    return { get, standing };
  };

  describe('the July list and the registry sample', () => {
    let h: Harness;
    let key: TestKey;
    const { get, standing } = client(
      () => h,
      () => key,
    );

    beforeAll(async () => {
      h = await startHarness({ clock: { now: () => new Date('2026-09-01T12:00:00Z') } });
      key = await createTestKey(h.deps, 'pro', ['warrant']);
      await importLeie(h, LEIE, '07-2026', '2026-07-01', '2026-07-14T09:00:00Z');
      const out: string[] = [];
      expect(
        await runArchiveCommand(
          ['import', '--source', 'nppes', '--file', registryCopy(), '--observed-at', '2026-07-14T09:00:00Z'],
          h.deps,
          (l) => out.push(l),
        ),
      ).toBe(0);
      expect(out.join('\n')).toMatch(/nppes:1 v\d+ \(npidata_pfile_20050523-20141130\.csv\): loaded, 10 rows/);
    }, 60_000);
    afterAll(() => h.close());

    it('the raw list: 176 rows, no REINDATE, no waiver', () => {
      const rows = lines.slice(1).filter(Boolean);
      expect(rows).toHaveLength(176);
      for (let i = 2; i <= 177; i++) {
        const r = raw(i);
        expect([r.REINDATE, r.WAIVERDATE, r.WVRSTATE]).toEqual(['00000000', '00000000', '']);
      }
    });

    it.each(BY_NPI)('$name (line $line, NPI $npi): excluded since $excl, found by NPI', async (p) => {
      checkRaw(p);
      const date = p.excl >= '20260720' ? '2026-07-20' : DOS;
      const { leie, gaps } = await standing(p.npi, date, p.state);
      expect(gaps).toEqual([]);
      expect(leie).toHaveLength(1);
      expect(leie[0]!.kind).toBe('leie');
      expect(leie[0]!.value).toMatchObject({
        npi: p.npi,
        excluded_on_date: true,
        exclusion_in_force: true,
        match: { method: 'npi' },
        name: p.name,
        entity_type: p.last ? 'individual' : 'organization',
        npis: [p.npi],
        dob: p.dob ? iso(p.dob) : null,
        state: p.state,
        exclusion_type: p.type,
        exclusion_date: iso(p.excl),
        reinstatement_date: null,
        waiver_date: null,
        waiver_state: null,
        waiver_applies: false,
      });
      expect(leie[0]!.receipt).toMatchObject({
        source_id: 'oig_leie',
        doc_id: 'leie:1',
        file_name: 'UPDATED.csv',
        sha256,
        publisher_version: '07-2026',
        publisher_effective_from: '2026-07-01',
        as_of_rule: 'publisher_effective_window',
        locator: { line: p.line },
      });
    });

    it.each(BY_NPI.filter((p) => p.excl === '20260720'))(
      '$name (line $line): the day before its exclusion date the row is not in force; on the date it is',
      async (p) => {
        const before = await standing(p.npi, '2026-07-19', p.state);
        expect(before.leie).toHaveLength(1);
        expect(before.leie[0]!.value).toMatchObject({
          excluded_on_date: false,
          exclusion_in_force: false,
          exclusion_date: '2026-07-20',
        });
        expect(before.leie[0]!.receipt.locator.line).toBe(p.line);
        const on = await standing(p.npi, '2026-07-20', p.state);
        expect(on.leie[0]!.value).toMatchObject({ excluded_on_date: true, exclusion_in_force: true });
      },
    );

    it('the day before, the warrant agrees with the exclusions screen: found by NPI only, "not excluded" is not known (identity_unresolved)', async () => {
      // /exclusions/comprehensive answers `excluded: null` for the same NPI and date (no name search
      // could be made: the registry does not name 1609410885); the warrant should not say less.
      const screen = await get('/exclusions/comprehensive/1609410885?as_of=2026-07-19');
      expect(screen.excluded).toBeNull();
      const { gaps } = await standing('1609410885', '2026-07-19', 'NV');
      expect(gaps.map((g) => g.reason)).toContain('identity_unresolved');
    });

    it.each(BY_NAME)('$name (line $line, no NPI): found by name only (POST /exclusions/screen)', async (p) => {
      checkRaw(p);
      const item = p.last
        ? { ref: String(p.line), last_name: p.last, first_name: p.first, state: p.state, dob: iso(p.dob) }
        : { ref: String(p.line), organization_name: p.bus, state: p.state };
      const r = await h.request('/exclusions/screen', {
        method: 'POST',
        headers: { ...key.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ as_of: DOS, items: [item] }),
      });
      expect(r.status).toBe(200);
      const res = ((await r.json()) as Json).results[0];
      expect(res.excluded).toBe(true);
      expect(res.federal).toHaveLength(1);
      const hit = res.federal[0];
      expect(hit.match.method).toBe(p.last ? 'name_state_dob' : 'name_state');
      expect(hit.record).toMatchObject({ name: p.name, state: p.state, start_date: iso(p.excl), npis: [] });
      expect(hit.source).toMatchObject({
        doc_id: 'leie:1',
        sha256,
        publisher_version: '07-2026',
        locator: { line: p.line },
      });
    });

    it('an NPI the registry names (WIEBE DAVID, NE; NPPES line 2) is searched by NPI and by name: not listed', async () => {
      const nppes = fs.readFileSync(NPPES, 'utf8').split('\n');
      const wiebe = quoted(nppes[1]!);
      expect([wiebe[0], wiebe[5], wiebe[6]]).toEqual(['1679576722', 'WIEBE', 'DAVID']);
      expect(lines.some((l) => l.includes('"WIEBE"') || l.includes('"1679576722"'))).toBe(false);
      const { leie, gaps } = await standing('1679576722', DOS, 'NE');
      expect(gaps).toEqual([]);
      expect(leie).toHaveLength(1);
      expect(leie[0]!).toMatchObject({
        kind: 'leie_not_listed',
        value: { npi: '1679576722', excluded_on_date: false, listed: false, searched_by: ['npi', 'name'] },
        receipt: { doc_id: 'leie:1', sha256, publisher_version: '07-2026', locator: null },
      });
    });

    it('an NPI no row carries and the registry does not name is identity_unresolved, never "not excluded"', async () => {
      expect(lines.some((l) => l.includes('"1234567893"'))).toBe(false);
      const { leie, gaps } = await standing('1234567893', DOS, 'NY');
      expect(leie).toEqual([]);
      expect(gaps).toEqual([expect.objectContaining({ reason: 'identity_unresolved', source_id: 'oig_leie' })]);
    });

    it('the identity_unresolved gap points to a name screen that exists', async () => {
      // Found by this suite: the gap once named "/exclusions/search", a route that does not exist
      // (the name screens are POST /exclusions/screen, GET /exclusions/state/search and GET /demo/exclusions/search).
      const { gaps } = await standing('1234567893', DOS, 'NY');
      const named = /by name with POST (\/[\w/]+)/.exec(gaps[0]!.detail)![1]!;
      expect(h.app.routes.map((r) => r.path)).toContain(named);
    });

    it('2026-06-30, the day before the list begins: no version in force, never "not excluded"', async () => {
      const { leie, gaps } = await standing('1972902351', '2026-06-30', 'NY');
      expect(leie).toEqual([]);
      expect(gaps).toEqual([expect.objectContaining({ reason: 'no_version_in_force', doc_id: 'leie:1' })]);
    });

    it('99 days after the list began it answers; at 100 (the monthly critical age) it is a stale_version gap', async () => {
      const fresh = await standing('1811937436', '2026-10-08', 'CA');
      expect(fresh.gaps).toEqual([]);
      expect(fresh.leie[0]!.value).toMatchObject({ excluded_on_date: true });
      for (const npi of ['1811937436', '1679576722']) {
        const stale = await standing(npi, '2026-10-09', 'CA');
        expect(stale.leie).toEqual([]);
        expect(stale.gaps).toEqual([expect.objectContaining({ reason: 'stale_version', doc_id: 'leie:1' })]);
        expect(stale.gaps[0]!.detail).toMatch(/100 days before 2026-10-09, at or past the 100-day critical threshold/);
      }
    });
  });

  describe('waivers, on an August list derived from the real one (line 102 given a PA waiver)', () => {
    let h: Harness;
    let key: TestKey;
    const { standing } = client(
      () => h,
      () => key,
    );
    const KRAKOW = BY_NPI.find((p) => p.line === 102)!;

    beforeAll(async () => {
      h = await startHarness({ clock: { now: () => new Date('2026-09-01T12:00:00Z') } });
      key = await createTestKey(h.deps, 'pro', ['warrant']);
      await importLeie(h, LEIE, '07-2026', '2026-07-01', '2026-07-14T09:00:00Z');
      // The real bytes, with only WAIVERDATE and WVRSTATE of line 102 filled in.
      const original = lines[101]!;
      const waived = original.replace(/"00000000","00000000",""$/, '"00000000","20260805","PA"');
      expect(waived).not.toBe(original);
      const dir = tempDir('leie-waiver-');
      const file = path.join(dir, 'UPDATED.csv');
      fs.writeFileSync(file, Buffer.from(lines.map((l, i) => (i === 101 ? waived : l)).join('\r\n'), 'latin1'));
      await importLeie(h, file, '08-2026', '2026-08-01', '2026-08-06T09:00:00Z');
    }, 60_000);
    afterAll(() => h.close());

    it('in the waiver state from the waiver date: the exclusion is in force but does not bar the claim', async () => {
      const { leie, gaps } = await standing(KRAKOW.npi, '2026-08-10', 'PA');
      // Waived here, but found by NPI only (the registry cannot name the NPI): another row of the
      // same person without an NPI could still exclude, so "not excluded" stays not established.
      expect(gaps).toEqual([expect.objectContaining({ reason: 'identity_unresolved' })]);
      expect(leie[0]!.value).toMatchObject({
        excluded_on_date: false,
        exclusion_in_force: true,
        exclusion_date: '2011-02-20',
        waiver_date: '2026-08-05',
        waiver_state: 'PA',
        waiver_applies: true,
      });
      expect(leie[0]!.receipt).toMatchObject({ publisher_version: '08-2026', locator: { line: 102 } });
    });

    it('in another state the exclusion bars the claim and says where the waiver applies', async () => {
      const { leie } = await standing(KRAKOW.npi, '2026-08-10', 'NJ');
      expect(leie[0]!.value).toMatchObject({
        excluded_on_date: true,
        waiver_applies: false,
        waiver_note: 'The waiver applies in PA, not in NJ.',
      });
    });

    it('before the waiver date (2026-08-04), and under the July list (2026-07-31), it is excluded in PA too', async () => {
      const early = await standing(KRAKOW.npi, '2026-08-04', 'PA');
      expect(early.leie[0]!.value).toMatchObject({ excluded_on_date: true, waiver_applies: false });
      expect(early.leie[0]!.receipt.publisher_version).toBe('08-2026');
      const july = await standing(KRAKOW.npi, '2026-07-31', 'PA');
      expect(july.leie[0]!.value).toMatchObject({ excluded_on_date: true, waiver_date: null });
      expect(july.leie[0]!.receipt).toMatchObject({ publisher_version: '07-2026', sha256 });
    });
  });

  describe('the registry sample placed by hand (`archive import --doc nppes:1`, file name first10.csv)', () => {
    let h: Harness;
    let key: TestKey;
    const { standing } = client(
      () => h,
      () => key,
    );

    beforeAll(async () => {
      h = await startHarness({ clock: { now: () => new Date('2026-09-01T12:00:00Z') } });
      key = await createTestKey(h.deps, 'pro', ['warrant']);
      await importLeie(h, LEIE, '07-2026', '2026-07-01', '2026-07-14T09:00:00Z');
      const code = await runArchiveCommand(
        [
          'import',
          '--source',
          'nppes',
          '--file',
          NPPES,
          '--doc',
          'nppes:1',
          '--publisher-version',
          '20050523-20141130',
          '--effective-from',
          '2014-11-30',
        ],
        h.deps,
        () => {},
      );
      expect(code).toBe(0);
    }, 60_000);
    afterAll(() => h.close());

    it('WIEBE DAVID (NPPES line 2) is named by the placed registry file, or the answer says that file is not loaded', async () => {
      // Observed: the version is archived under nppes:1 but the registry layout reads only files named
      // npidata_pfile_*.csv, so it is never loaded and the answer says "the NPPES registry as loaded
      // does not name this NPI" (identity_unresolved), as if the registry had been searched.
      const { leie, gaps } = await standing('1679576722', DOS, 'NE');
      const named = leie.some((f) => f.kind === 'leie_not_listed');
      const saysNotLoaded = gaps.some((g) => g.reason === 'source_not_loaded' && /nppes|registry/i.test(g.detail));
      expect(named || saysNotLoaded).toBe(true);
    });
  });
});
