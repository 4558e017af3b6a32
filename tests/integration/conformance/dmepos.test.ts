import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { runArchiveCommand } from '../../../scripts/archive';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 14, point 12: conformance of the fee block on the real DMEPOS January 2025 release
 * (../shared/data/publisher/cms_dmepos_fee_schedule, see PROVENANCE.md there): DMEPOS_JAN.csv
 * (250 of 3,487 rows), DMEPEN_JAN.csv (PEN, 50 rows) and DME Rural ZIP Code Quarter 1, 2025.csv
 * (300 rural ZIPs of MA, NH, ME), each imported through the operator path (`archive import`).
 * Every expected cell is a literal read by hand from the raw line (the comment quotes its key
 * columns); the test re-reads that line with a plain CSV split (never the parser under test) and
 * checks the literal against it before asking the service.
 *
 * Fee cells checked (file line = the receipt's line):
 * - DMEPOS_JAN.csv: A4221 (line 11, MA, rural ZIP), A4239 (20, NY, modifier GA is not a pricing
 *   modifier), A4239 KF (21, NY, modifier KF), A4321 (39, NY, every cell 0.00), A4557 (153, NH rural
 *   ZIP; ME with that NH ZIP), A4561 (156, AK: non-rural 0.00 and a printed ceiling/floor that does not
 *   apply), A4618 RR (172, HI), A4636 NU (187, ME, rural ZIP and non-rural ZIP), A4636 NU KE (188, ME,
 *   non-rural 0.00 with a rural amount), A4640 NU (203, PR and VI).
 * - DMEPEN_JAN.csv: B4164 (21, AK), B9002 NU (39, ME rural ZIP).
 * - DME Rural ZIP Code Quarter 1, 2025.csv: MA 02535 (line 3), NH 03046 (13), ME 04551 (299);
 *   04101 (Portland ME) is not in the file.
 * - A state without columns (GU) and a modifier that matches no row (KE alone) are gaps.
 *
 * Boundary days: the JAN file's window as the archive states it (/archive/docs/dmepos:1/as-of):
 * 2025-01-01 to 2025-03-31 (the calendar quarter). 2024-12-31 is before the first version (a gap),
 * 2025-01-01 and 2025-03-31 answer, 2025-04-01 is after the last window (the April release is not
 * archived): a gap, never the January amounts.
 */
const DIR = samplePath('cms_dmepos_fee_schedule');
const DMEPOS = 'DMEPOS_JAN.csv';
const DMEPEN = 'DMEPEN_JAN.csv';
const RURAL = 'DME Rural ZIP Code Quarter 1, 2025.csv';
const DOS = '2025-02-14';

/** CSV fields of one line (quoted fields may hold commas; no quote in these files is escaped). */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

interface Cell {
  /** The raw row: file and line. */
  file: typeof DMEPOS | typeof DMEPEN;
  line: number;
  code: string;
  mod: string;
  mod2: string;
  state: string;
  /** The printed cells, as in the raw file. */
  printed: { nr: string; r: string; ceiling?: string; floor?: string };
  /** The service's reading of them: amounts, or null with a not_applicable entry. */
  value: { non_rural: number | null; rural: number | null; ceiling: number | null; floor: number | null };
  notApplicable: string[];
  /** Claim-line query and the cell it selects. */
  query: string;
  selected?: { column: 'rural' | 'non_rural'; amount: number | null; status: 'fee' | 'not_applicable' };
  /** The rural ZIP file line cited as related receipt (null: the whole file, ZIP not listed). */
  zipLine?: number | null;
}

const CELLS: Cell[] = [
  // DMEPOS line 11: `A4221,,,D,SU,0.00,0.00,...` MA (NR) 25.19, MA (R) 28.41; ZIP 02535 is rural MA (rural line 3)
  {
    file: DMEPOS,
    line: 11,
    code: 'A4221',
    mod: '',
    mod2: '',
    state: 'MA',
    printed: { nr: '25.19', r: '28.41', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: 25.19, rural: 28.41, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor'],
    query: 'zip=02535',
    selected: { column: 'rural', amount: 28.41, status: 'fee' },
    zipLine: 3,
  },
  // DMEPOS line 20: `A4239,,,D,SU,267.92,227.73,...` NY (NR) 267.92, NY (R) 0.00; GA prices no A4239 row
  {
    file: DMEPOS,
    line: 20,
    code: 'A4239',
    mod: '',
    mod2: '',
    state: 'NY',
    printed: { nr: '267.92', r: '0.00', ceiling: '267.92', floor: '227.73' },
    value: { non_rural: 267.92, rural: null, ceiling: 267.92, floor: 227.73 },
    notApplicable: ['rural'],
    query: 'modifier=GA',
  },
  // DMEPOS line 21: `A4239,KF,,D,SU,311.74,264.98,...` NY (NR) 311.74, NY (R) 0.00
  {
    file: DMEPOS,
    line: 21,
    code: 'A4239',
    mod: 'KF',
    mod2: '',
    state: 'NY',
    printed: { nr: '311.74', r: '0.00', ceiling: '311.74', floor: '264.98' },
    value: { non_rural: 311.74, rural: null, ceiling: 311.74, floor: 264.98 },
    notApplicable: ['rural'],
    query: 'modifier=KF',
  },
  // DMEPOS line 39: `A4321,,,J,OS,0.00,0.00,0.00,0.00,...` every cell 0.00 (NY too): no amount at all, never 0
  {
    file: DMEPOS,
    line: 39,
    code: 'A4321',
    mod: '',
    mod2: '',
    state: 'NY',
    printed: { nr: '0.00', r: '0.00', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: null, rural: null, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor', 'non_rural', 'rural'],
    query: 'zip=10001',
    selected: { column: 'non_rural', amount: null, status: 'not_applicable' },
    zipLine: null,
  },
  // DMEPOS line 153: `A4557,,,D,SU,0.00,0.00,...` NH (NR) 12.76, NH (R) 21.58; ZIP 03046 is rural NH (rural line 13)
  {
    file: DMEPOS,
    line: 153,
    code: 'A4557',
    mod: '',
    mod2: '',
    state: 'NH',
    printed: { nr: '12.76', r: '21.58', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: 12.76, rural: 21.58, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor'],
    query: 'zip=03046',
    selected: { column: 'rural', amount: 21.58, status: 'fee' },
    zipLine: 13,
  },
  // DMEPOS line 156: `A4561,,,L,PO,34.04,25.53,...` AK (NR) 0.00, AK (R) 0.00: AK is under "(Not subject to ceiling and floor)"
  {
    file: DMEPOS,
    line: 156,
    code: 'A4561',
    mod: '',
    mod2: '',
    state: 'AK',
    printed: { nr: '0.00', r: '0.00', ceiling: '34.04', floor: '25.53' },
    value: { non_rural: null, rural: null, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor', 'non_rural', 'rural'],
    query: '',
  },
  // DMEPOS line 172: `A4618,RR,,D,IN,1.44,1.22,...` HI (NR) 3.05, HI (R) 0.00
  {
    file: DMEPOS,
    line: 172,
    code: 'A4618',
    mod: 'RR',
    mod2: '',
    state: 'HI',
    printed: { nr: '3.05', r: '0.00', ceiling: '1.44', floor: '1.22' },
    value: { non_rural: 3.05, rural: null, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor', 'rural'],
    query: 'modifier=RR',
  },
  // DMEPOS line 187: `A4636,NU,,D,IN,0.00,0.00,...` ME (NR) 3.86, ME (R) 4.47; ZIP 04551 is rural ME (rural line 299)
  {
    file: DMEPOS,
    line: 187,
    code: 'A4636',
    mod: 'NU',
    mod2: '',
    state: 'ME',
    printed: { nr: '3.86', r: '4.47', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: 3.86, rural: 4.47, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor'],
    query: 'modifier=NU&zip=04551',
    selected: { column: 'rural', amount: 4.47, status: 'fee' },
    zipLine: 299,
  },
  // The same row with ZIP 04101, which the rural file does not list: the non-rural cell
  {
    file: DMEPOS,
    line: 187,
    code: 'A4636',
    mod: 'NU',
    mod2: '',
    state: 'ME',
    printed: { nr: '3.86', r: '4.47', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: 3.86, rural: 4.47, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor'],
    query: 'modifier=KX,NU&zip=04101',
    selected: { column: 'non_rural', amount: 3.86, status: 'fee' },
    zipLine: null,
  },
  // DMEPOS line 188: `A4636,NU,KE,D,IN,0.00,0.00,...` ME (NR) 0.00, ME (R) 4.84: a rural amount only
  {
    file: DMEPOS,
    line: 188,
    code: 'A4636',
    mod: 'NU',
    mod2: 'KE',
    state: 'ME',
    printed: { nr: '0.00', r: '4.84', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: null, rural: 4.84, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor', 'non_rural'],
    query: 'modifier=NU&modifier=KE&zip=04101',
    selected: { column: 'non_rural', amount: null, status: 'not_applicable' },
    zipLine: null,
  },
  // DMEPOS line 203: `A4640,NU,,D,IN,0.00,0.00,...` PR (NR) 91.21, PR (R) 0.00
  {
    file: DMEPOS,
    line: 203,
    code: 'A4640',
    mod: 'NU',
    mod2: '',
    state: 'PR',
    printed: { nr: '91.21', r: '0.00', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: 91.21, rural: null, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor', 'rural'],
    query: 'modifier=NU',
  },
  // DMEPOS line 203 again: VI (NR) 76.89, VI (R) 0.00
  {
    file: DMEPOS,
    line: 203,
    code: 'A4640',
    mod: 'NU',
    mod2: '',
    state: 'VI',
    printed: { nr: '76.89', r: '0.00', ceiling: '0.00', floor: '0.00' },
    value: { non_rural: 76.89, rural: null, ceiling: null, floor: null },
    notApplicable: ['ceiling', 'floor', 'rural'],
    query: 'modifier=NU',
  },
  // DMEPEN line 21: `B4164,,,24.66,0.00,...` AK(NR) 24.66, AK(R) 0.00 (PEN: no ceiling/floor columns)
  {
    file: DMEPEN,
    line: 21,
    code: 'B4164',
    mod: '',
    mod2: '',
    state: 'AK',
    printed: { nr: '24.66', r: '0.00' },
    value: { non_rural: 24.66, rural: null, ceiling: null, floor: null },
    notApplicable: ['rural'],
    query: '',
  },
  // DMEPEN line 39: `B9002,NU,,798.00,1213.23,...` ME(NR) 746.96, ME(R) 1213.23; ZIP 04551 rural ME
  {
    file: DMEPEN,
    line: 39,
    code: 'B9002',
    mod: 'NU',
    mod2: '',
    state: 'ME',
    printed: { nr: '746.96', r: '1213.23' },
    value: { non_rural: 746.96, rural: 1213.23, ceiling: null, floor: null },
    notApplicable: [],
    query: 'modifier=NU&zip=04551',
    selected: { column: 'rural', amount: 1213.23, status: 'fee' },
    zipLine: 299,
  },
];

describeWithSamples('DMEPOS fee conformance on the real January 2025 release', DIR, () => {
  let h: Harness;
  let key: TestKey;
  const bytes = (name: string) => fs.readFileSync(samplePath('cms_dmepos_fee_schedule', name));
  const lines = (name: string) => bytes(name).toString('latin1').split(/\r?\n/);
  const sha = (name: string) => createHash('sha256').update(bytes(name)).digest('hex');
  /** The raw cells of a line, by the file's own header (DMEPOS line 7 `AL (NR)`, DMEPEN line 5 `AL(NR)`). */
  const rawRow = (file: string, line: number) => {
    const ls = lines(file);
    const headerAt = file === DMEPOS ? 7 : 5;
    const header = fields(ls[headerAt - 1]!);
    const row = fields(ls[line - 1]!);
    expect(row).toHaveLength(header.length);
    const at = (name: string) => row[header.indexOf(name)];
    return { row, at, spaced: file === DMEPOS };
  };

  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };
  const feeFacts = (facts: Json[]) => facts.filter((f) => f.kind === 'dmepos_fee');
  const both = async (code: string, state: string, query: string, date = DOS) => {
    const q = `hcpcs=${code}&as_of=${date}&state=${state}${query ? `&${query}` : ''}`;
    const [w, r] = await Promise.all([get(`/rules/warrant?${q}`), get(`/rules/dmepos/fee?${q}`)]);
    return { warrant: w.fee as Json, read: r.result as Json };
  };

  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => new Date('2025-02-20T12:00:00Z') } });
    key = await createTestKey(h.deps, 'pro', ['warrant']);
    for (const name of [DMEPOS, DMEPEN, RURAL]) {
      const out: string[] = [];
      const code = await runArchiveCommand(
        ['import', '--source', 'cms_dmepos_fee_schedule', '--file', samplePath('cms_dmepos_fee_schedule', name)],
        h.deps,
        (l) => out.push(l),
      );
      expect(code).toBe(0);
      expect(out.join('\n')).toContain('publisher_effective_window (it has a publisher effective date, 2025-01-01)');
    }
  }, 60_000);
  afterAll(() => h.close());

  it.each(CELLS)('$code $mod $mod2 in $state ($file line $line) [$query]', async (c) => {
    // The literal expectations against the raw line.
    const raw = rawRow(c.file, c.line);
    expect(raw.row.slice(0, 3)).toEqual([c.code, c.mod, c.mod2]);
    const col = (kind: 'NR' | 'R') => (raw.spaced ? `${c.state} (${kind})` : `${c.state}(${kind})`);
    expect([raw.at(col('NR')), raw.at(col('R'))]).toEqual([c.printed.nr, c.printed.r]);
    if (c.printed.ceiling) expect([raw.at('Ceiling'), raw.at('Floor')]).toEqual([c.printed.ceiling, c.printed.floor]);

    const { warrant, read } = await both(c.code, c.state, c.query);
    const facts = feeFacts(warrant.facts);
    // With modifiers the claim line selects exactly this row; without them this row is among the candidates.
    const f = c.query.includes('modifier=')
      ? (() => {
          expect(facts).toHaveLength(1);
          return facts[0]!;
        })()
      : facts.find((x) => x.receipt.locator.line === c.line)!;
    expect(f).toBeDefined();
    expect(f.value).toMatchObject({
      code: c.code,
      modifier: c.mod || null,
      modifier2: c.mod2 || null,
      state: c.state,
      state_listed: true,
      ...c.value,
    });
    expect(Object.keys(f.value.not_applicable ?? {}).sort()).toEqual(c.notApplicable);
    for (const k of c.notApplicable) {
      const printed = {
        non_rural: c.printed.nr,
        rural: c.printed.r,
        ceiling: c.printed.ceiling,
        floor: c.printed.floor,
      }[k];
      expect(f.value.not_applicable[k].published_as).toBe(printed);
    }
    // A published 0.00 is never a fee of 0.
    expect(JSON.stringify(f.value)).not.toMatch(/"(non_rural|rural|ceiling|floor|amount)":0[,}]/);
    expect(f.receipt).toMatchObject({
      source_id: 'cms_dmepos_fee_schedule',
      doc_id: c.file === DMEPOS ? 'dmepos:1' : 'dmepos:2',
      file_name: c.file,
      sha256: sha(c.file),
      publisher_version: 'JAN 2025',
      publisher_effective_from: '2025-01-01',
      publisher_effective_to: '2025-03-31',
      locator: { line: c.line },
    });
    if (c.selected) {
      expect(f.value.selected).toEqual(c.selected);
      const zip = (f.related_receipts as Json[]).find((r) => r.doc_id === 'dmepos:3')!;
      expect(zip).toMatchObject({ file_name: RURAL, sha256: sha(RURAL), publisher_version: 'Quarter 1, 2025' });
      if (c.zipLine === null) {
        expect(zip.locator).toBeNull();
        expect(f.value.selected_because).toMatch(/is not rural: not listed in DME Rural ZIP Code Quarter 1, 2025\.csv/);
      } else {
        expect(zip.locator).toMatchObject({ line: c.zipLine });
        const zipRaw = lines(RURAL)[c.zipLine! - 1]!;
        expect(zipRaw).toBe(`${c.state},${/zip=(\d{5})/.exec(c.query)![1]},202501`);
        expect(f.value.selected_because).toContain(`line ${c.zipLine} (related receipt)`);
      }
    } else {
      expect(f.value.selected).toBeUndefined();
    }
    // The rule read gives the same cells with the same receipts.
    expect(feeFacts(read.facts)).toEqual(facts);
    expect(read.gaps).toEqual(warrant.gaps);
  });

  it('a ZIP not in the rural file is checked against the raw file: 04101 and 10001 are absent, 04551 present', () => {
    const zips = lines(RURAL)
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(',')[1]);
    expect(zips).toHaveLength(300);
    expect(zips).not.toContain('04101');
    expect(zips).not.toContain('10001');
    expect(zips).toContain('04551');
  });

  it('modifier selection: NU picks the NU row of A4636 (line 187) and not NU KE; KE alone matches no row; no modifier lists all six', async () => {
    const nu = await both('A4636', 'ME', 'modifier=NU');
    expect(
      feeFacts(nu.warrant.facts).map((f) => [f.receipt.locator.line, f.value.modifier, f.value.modifier2]),
    ).toEqual([[187, 'NU', null]]);
    const ke = await both('A4636', 'ME', 'modifier=KE');
    for (const b of [ke.warrant, ke.read]) {
      expect(b.status).toBe('gap');
      expect(b.gaps.map((g: Json) => g.reason)).toEqual(['no_row_for_modifiers']);
      expect(feeFacts(b.facts)).toEqual([]);
    }
    // Lines 187-192: NU, NU KE, RR, RR KE, UE, UE KE.
    const all = await both('A4636', 'ME', '');
    expect(feeFacts(all.warrant.facts).map((f) => f.receipt.locator.line)).toEqual([187, 188, 189, 190, 191, 192]);
    expect(lines(DMEPOS).filter((l) => l.startsWith('A4636,'))).toHaveLength(6);
  });

  it('a rural ZIP of another state: 03046 is listed for NH (rural line 13), so with state ME no cell is chosen', async () => {
    const { warrant, read } = await both('A4557', 'ME', 'zip=03046');
    for (const b of [warrant, read]) {
      expect(b.status).toBe('partial');
      expect(b.gaps).toEqual([expect.objectContaining({ reason: 'zip_state_mismatch', doc_id: 'dmepos:3' })]);
      expect(b.gaps[0].detail).toContain('ZIP 03046 is listed for NH, not ME');
      // Line 153 ME (NR) 12.76 / ME (R) 21.58 stay listed, neither selected.
      const f = feeFacts(b.facts)[0]!;
      expect([f.value.non_rural, f.value.rural, f.value.selected]).toEqual([12.76, 21.58, undefined]);
    }
  });

  it('a state the schedule has no columns for (GU) is a gap, not a fee', async () => {
    const header = fields(lines(DMEPOS)[6]!);
    expect(header.some((h) => h.startsWith('GU'))).toBe(false);
    const { warrant, read } = await both('A4221', 'GU', '');
    for (const b of [warrant, read]) {
      expect(b.status).toBe('gap');
      expect(feeFacts(b.facts)).toEqual([]);
      expect(b.gaps.map((g: Json) => g.reason)).toEqual(['state_not_in_schedule']);
    }
  });

  it('the JAN window as the archive states it: 2025-01-01 to 2025-03-31 for the three files', async () => {
    for (const doc of ['dmepos:1', 'dmepos:2', 'dmepos:3']) {
      const a = (await (await h.request(`/archive/docs/${doc}/as-of?date=2025-01-01`)).json()) as Json;
      expect(a).toMatchObject({ status: 'resolved', rule: 'publisher_effective_window' });
      expect(a.window).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    }
    const before = (await (await h.request('/archive/docs/dmepos:1/as-of?date=2024-12-31')).json()) as Json;
    expect(before).toMatchObject({ status: 'gap', gap: { reason: 'before_first_version' } });
    const after = (await (await h.request('/archive/docs/dmepos:1/as-of?date=2025-04-01')).json()) as Json;
    expect(after).toMatchObject({ status: 'gap', gap: { reason: 'after_last_window' } });
  });

  it.each([
    ['2024-12-31', 'gap'],
    ['2025-01-01', 'fee'],
    ['2025-03-31', 'fee'],
    ['2025-04-01', 'gap'],
  ])('boundary day %s: A4636 NU in ME with rural ZIP 04551 (line 187 / rural line 299) is a %s', async (date, kind) => {
    const { warrant, read } = await both('A4636', 'ME', 'modifier=NU&zip=04551', date);
    for (const b of [warrant, read]) {
      if (kind === 'fee') {
        expect(b.status).toBe('held');
        const f = feeFacts(b.facts)[0]!;
        expect(f.value.selected).toEqual({ column: 'rural', amount: 4.47, status: 'fee' });
        expect(f.receipt.locator.line).toBe(187);
      } else {
        expect(b.status).toBe('gap');
        expect(feeFacts(b.facts)).toEqual([]);
        const reasons = new Set(b.gaps.map((g: Json) => g.reason));
        expect([...reasons]).toEqual(['no_version_in_force']);
        const docs = (b.gaps as Json[]).map((g) => g.doc_id);
        expect(docs).toEqual(expect.arrayContaining(['dmepos:1', 'dmepos:2']));
        const detail = (b.gaps as Json[]).find((g) => g.doc_id === 'dmepos:1')!.detail;
        expect(detail).toMatch(date === '2024-12-31' ? /before 2025-01-01/ : /ended before 2025-04-01/);
      }
    }
  });
});
