import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { runArchiveCommand } from '../../../scripts/archive';
import { codePk } from '../../../shared/facts/keys';
import { type StoredFact, toStoredFact } from '../../../shared/facts/store';
import { ptpOn } from '../../../shared/warrant/blocks/edit-rules';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 14, point 12: conformance of the PTP reads on the real CMS practitioner PTP table v32.2r0,
 * part 1 (../shared/data/publisher/cms_ncci_ptp/ccipra-v322r0-f1.TXT, see PROVENANCE.md there:
 * tab-delimited, CRLF, a copyright line, a title line, a header wrapped over lines 3-6, then 154
 * rows on lines 7-160; dates YYYYMMDD, a deletion date `*` = open), imported through the operator
 * path (`archive import`). v32.2 is 2026 Q3: the file is in force 2026-07-01 to 2026-09-30.
 * Expected values are literals read by hand from the raw lines (the comments quote them); the test
 * re-reads each line with a plain tab split to check them.
 *
 * Pairs hand-checked (file line = the receipt's line):
 * - in force on the date (open, indicator 1): 0001U/0030U (90), 0001U/0034U (91), 0001U/0070U (95),
 *   0001U/0417U (136, the latest effective date, 20250101), 0001U/80503 (141), 0001U/81166 (160);
 * - not in force: 0001U/0029U (89, deleted 20260630, the day before the window), 0001U/0028U (88),
 *   0001U/0428U (137), 0001A/36591 (10, indicator 0), 0001A/90473 (12, indicator 9 with the deletion
 *   date equal to the effective date), 0001A/G0008 (61, indicator 9), 0001M/80050 (71, indicator 0),
 *   0001T/36000 (85, "Standards of medical/surgical practice").
 *
 * Boundary days, as the service defines them (shared/warrant/blocks/edit-rules.ts `ptpOn`, and the
 * method's "Claim-line context, fees and edits"): an edit applies from its effective date, on every
 * day before its deletion date, and on no day after it; the deletion day itself is a
 * `deletion_day_unresolved` gap; indicator 9 never applies. No effective or deletion date of this
 * file falls inside its own window (every one is on or before 2026-06-30), so through the API:
 * 2026-06-30 (0001U/0029U's deletion day) has no table in force (a gap, no Q2 table is archived),
 * 2026-07-01 (the day after) reads the pair as not in force; the window's own edges (2026-06-30 gap,
 * 2026-07-01 and 2026-09-30 answer, 2026-10-01 gap) on an open pair. The day-before / deletion-day /
 * day-after and effective-date edges are checked with `ptpOn` on the stored facts of those real rows.
 * No hospital table is archived: a hospital query is a gap, never "no edit". The sample is part 1 of
 * the four files CMS splits the practitioner table into (by column-1 code range): parts 2-4 are not
 * archived, so every practitioner answer also carries a gap per missing part (its pairs are not
 * searched) and is `partial`, never silently complete.
 */
const NAME = 'ccipra-v322r0-f1.TXT';
const FILE = samplePath('cms_ncci_ptp', NAME);
const DOS = '2026-08-15';
/** The gaps of the practitioner table's parts the sample does not include. */
const MISSING_PARTS = ['ptp:2', 'ptp:3', 'ptp:4'].map((doc_id) =>
  expect.objectContaining({
    reason: 'no_version_in_force',
    doc_id,
    detail: expect.stringContaining('is not archived'),
  }),
);

interface Pair {
  line: number;
  column1: string;
  column2: string;
  effective: string;
  /** `*` in the file: open. */
  deletion: string;
  indicator: 0 | 1 | 9;
  rationale: string;
}

const MISUSE = 'Misuse of Column Two code with Column One code';
const MANUAL = 'CPT Manual or CMS manual coding instruction';

/** In force on every day of the file's window. */
const IN_FORCE: Pair[] = [
  // line 90: `0001U	0030U		20180701	*	1	Misuse of Column Two code with Column One code`
  {
    line: 90,
    column1: '0001U',
    column2: '0030U',
    effective: '20180701',
    deletion: '*',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 91: `0001U	0034U		20180701	*	1	Misuse ...`
  {
    line: 91,
    column1: '0001U',
    column2: '0034U',
    effective: '20180701',
    deletion: '*',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 95: `0001U	0070U		20190401	*	1	Misuse ...`
  {
    line: 95,
    column1: '0001U',
    column2: '0070U',
    effective: '20190401',
    deletion: '*',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 136: `0001U	0417U		20250101	*	1	Misuse ...`
  {
    line: 136,
    column1: '0001U',
    column2: '0417U',
    effective: '20250101',
    deletion: '*',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 141: `0001U	80503		20220101	*	1	Misuse ...`
  {
    line: 141,
    column1: '0001U',
    column2: '80503',
    effective: '20220101',
    deletion: '*',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 160: `0001U	81166		20190101	*	1	Misuse ...` (the last line)
  {
    line: 160,
    column1: '0001U',
    column2: '81166',
    effective: '20190101',
    deletion: '*',
    indicator: 1,
    rationale: MISUSE,
  },
];

/** Listed in the file but not in force on any day of its window. */
const NOT_IN_FORCE: Pair[] = [
  // line 89: `0001U	0029U		20180701	20260630	1	Misuse ...`
  {
    line: 89,
    column1: '0001U',
    column2: '0029U',
    effective: '20180701',
    deletion: '20260630',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 88: `0001U	0028U		20180701	20180930	1	Misuse ...`
  {
    line: 88,
    column1: '0001U',
    column2: '0028U',
    effective: '20180701',
    deletion: '20180930',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 137: `0001U	0428U		20241001	20241231	1	Misuse ...`
  {
    line: 137,
    column1: '0001U',
    column2: '0428U',
    effective: '20241001',
    deletion: '20241231',
    indicator: 1,
    rationale: MISUSE,
  },
  // line 10: `0001A	36591		20220101	20231231	0	CPT Manual or CMS manual coding instruction`
  {
    line: 10,
    column1: '0001A',
    column2: '36591',
    effective: '20220101',
    deletion: '20231231',
    indicator: 0,
    rationale: MANUAL,
  },
  // line 12: `0001A	90473		20220101	20220101	9	CPT Manual or CMS manual coding instruction`
  {
    line: 12,
    column1: '0001A',
    column2: '90473',
    effective: '20220101',
    deletion: '20220101',
    indicator: 9,
    rationale: MANUAL,
  },
  // line 61: `0001A	G0008		20220101	20220101	9	Mutually exclusive procedures`
  {
    line: 61,
    column1: '0001A',
    column2: 'G0008',
    effective: '20220101',
    deletion: '20220101',
    indicator: 9,
    rationale: 'Mutually exclusive procedures',
  },
  // line 71: `0001M	80050		20170401	20181231	0	Misuse ...`
  {
    line: 71,
    column1: '0001M',
    column2: '80050',
    effective: '20170401',
    deletion: '20181231',
    indicator: 0,
    rationale: MISUSE,
  },
  // line 85: `0001T	36000		20021001	20041231	1	Standards of medical/surgical practice`
  {
    line: 85,
    column1: '0001T',
    column2: '36000',
    effective: '20021001',
    deletion: '20041231',
    indicator: 1,
    rationale: 'Standards of medical/surgical practice',
  },
];

const iso = (ymd: string) => (ymd === '*' ? null : `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`);
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describeWithSamples('NCCI PTP conformance on the real practitioner table v32.2r0 (2026 Q3), part 1', FILE, () => {
  let h: Harness;
  let key: TestKey;
  const bytes = fs.readFileSync(FILE);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const lines = bytes.toString('latin1').split('\r\n');
  const rawFields = (line: number) => lines[line - 1]!.split('\t');

  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };
  const ptp = (c1: string, c2: string, q: string) => get(`/rules/ncci/ptp?column1=${c1}&column2=${c2}&${q}`);
  const warrant = (code: string, q: string) => get(`/rules/warrant?hcpcs=${code}&${q}`);
  const ptpFacts = (w: Json) => (w.edits.facts as Json[]).filter((f) => f.kind === 'ptp');
  const stored = async (p: Pair): Promise<StoredFact> => {
    const facts = (await h.deps.tables.facts.queryAll(codePk(p.column1)))
      .map(toStoredFact)
      .filter((f) => f.source_id === 'cms_ncci_ptp' && f.kind === 'ptp' && f.value.column2 === p.column2);
    expect(facts).toHaveLength(1);
    return facts[0]!;
  };
  const receipt = (line: number) => ({
    source_id: 'cms_ncci_ptp',
    doc_id: 'ptp:1',
    file_name: NAME,
    sha256,
    publisher_version: 'v32.2r0',
    publisher_effective_from: '2026-07-01',
    publisher_effective_to: '2026-09-30',
    as_of_rule: 'publisher_effective_window',
    locator: { line },
  });
  const checkRaw = (p: Pair) =>
    expect(rawFields(p.line)).toEqual([
      p.column1,
      p.column2,
      '',
      p.effective,
      p.deletion,
      String(p.indicator),
      p.rationale,
    ]);

  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => new Date('2026-07-15T12:00:00Z') } });
    key = await createTestKey(h.deps, 'pro', ['warrant']);
    const out: string[] = [];
    expect(
      await runArchiveCommand(['import', '--source', 'cms_ncci_ptp', '--file', FILE], h.deps, (l) => out.push(l)),
    ).toBe(0);
    expect(out.join('\n')).toContain('publisher_effective_window (it has a publisher effective date, 2026-07-01)');
  }, 60_000);
  afterAll(() => h.close());

  it('the raw file: legend header on lines 3-6, 154 rows on lines 7-160', () => {
    expect(lines[0]!.startsWith('CPT only copyright 2025 American Medical Association.')).toBe(true);
    expect(lines[2]!.split('\t')).toEqual([
      'Column 1',
      'Column 2',
      '*=in existence',
      'Effective',
      'Deletion',
      'Modifier',
      'PTP Edit Rationale',
    ]);
    expect(lines[4]!.split('\t')[4]).toBe('*=no data');
    expect(lines[5]!.split('\t')[5]).toBe('9=not applicable');
    const rows = lines.slice(6).filter(Boolean);
    expect(rows).toHaveLength(154);
    expect(lines[159]!.startsWith('0001U\t81166\t')).toBe(true);
  });

  it.each(IN_FORCE)(
    '$column1/$column2 (line $line): in force, effective $effective, open, indicator $indicator',
    async (p) => {
      checkRaw(p);
      const value = {
        column1: p.column1,
        column2: p.column2,
        prior_1996: false,
        effective_date: iso(p.effective),
        deletion_date: null,
        modifier_indicator: p.indicator,
        rationale: p.rationale,
        setting: 'practitioner',
      };
      const read = await ptp(p.column1, p.column2, `as_of=${DOS}&setting=practitioner`);
      expect(read.result.status).toBe('partial');
      expect(read.result.gaps).toEqual(MISSING_PARTS);
      expect(read.result.facts).toHaveLength(1);
      expect(read.result.facts[0].value).toMatchObject({ ...value, role: 'column1' });
      expect(read.result.facts[0].receipt).toMatchObject(receipt(p.line));
      // The warrant of either code lists the pair, with the role the code plays in it.
      for (const [code, role] of [
        [p.column1, 'column1'],
        [p.column2, 'column2'],
      ] as const) {
        const w = await warrant(code, `as_of=${DOS}&setting=practitioner`);
        const f = ptpFacts(w).filter((x) => x.value.column1 === p.column1 && x.value.column2 === p.column2);
        expect(f).toHaveLength(1);
        expect(f[0]!.value).toMatchObject({ ...value, role, descriptor_withheld: true, descriptor_licensor: 'AMA' });
        expect(f[0]!.value.selected_because).toBe('setting practitioner: the NCCI PTP practitioner table (ptp:1)');
        expect(f[0]!.receipt).toMatchObject(receipt(p.line));
      }
    },
  );

  it.each(NOT_IN_FORCE)(
    '$column1/$column2 (line $line): deletion $deletion, indicator $indicator: not in force',
    async (p) => {
      checkRaw(p);
      // The stored row is the raw row ...
      const f = await stored(p);
      expect(f.value).toMatchObject({
        column1: p.column1,
        column2: p.column2,
        effective_date: iso(p.effective),
        deletion_date: iso(p.deletion),
        modifier_indicator: p.indicator,
        rationale: p.rationale,
      });
      expect(f.origin).toMatchObject({ name: NAME, locator: { line: p.line } });
      // ... and neither read gives it as in force in the file's window.
      for (const date of ['2026-07-01', DOS, '2026-09-30']) {
        expect(ptpOn(f.value, date)).toBe('not_in_force');
        const read = await ptp(p.column1, p.column2, `as_of=${date}&setting=practitioner`);
        expect(read.result.status).toBe('gap');
        expect(read.result.facts).toEqual([]);
        expect(read.result.gaps).toEqual([
          ...MISSING_PARTS,
          expect.objectContaining({
            reason: 'code_not_in_version',
            detail: `No PTP edit ${p.column1}/${p.column2} is in force on ${date} in the tables in force.`,
          }),
        ]);
      }
      const w = await warrant(p.column1, `as_of=${DOS}&setting=practitioner`);
      expect(ptpFacts(w).some((x) => x.value.column2 === p.column2)).toBe(false);
    },
  );

  it('the deletion-date edges on the real rows (ptpOn): the day before in force, the day itself unresolved, the day after not', async () => {
    for (const p of NOT_IN_FORCE.filter((x) => x.indicator !== 9)) {
      const f = await stored(p);
      const del = iso(p.deletion)!;
      expect([ptpOn(f.value, shift(del, -1)), ptpOn(f.value, del), ptpOn(f.value, shift(del, 1))]).toEqual([
        'in_force',
        'deletion_day',
        'not_in_force',
      ]);
      // ... and from its effective date on, not the day before.
      const eff = iso(p.effective)!;
      expect([ptpOn(f.value, shift(eff, -1)), ptpOn(f.value, eff)]).toEqual(['not_in_force', 'in_force']);
    }
    // 0001U/0417U (line 136): effective 20250101, open.
    const open = await stored(IN_FORCE.find((p) => p.line === 136)!);
    expect([ptpOn(open.value, '2024-12-31'), ptpOn(open.value, '2025-01-01'), ptpOn(open.value, '2099-12-31')]).toEqual(
      ['not_in_force', 'in_force', 'in_force'],
    );
  });

  it('indicator 9 (lines 12 and 61: deletion date equal to effective date) is never in force, on no day', async () => {
    for (const p of NOT_IN_FORCE.filter((x) => x.indicator === 9)) {
      const f = await stored(p);
      const eff = iso(p.effective)!;
      for (const d of [shift(eff, -1), eff, shift(eff, 1), DOS]) expect(ptpOn(f.value, d)).toBe('not_in_force');
    }
  });

  it('0001U/0029U (line 89, deleted 20260630): its deletion day has no table in force; the day after it is not in force', async () => {
    const onDeletion = await ptp('0001U', '0029U', 'as_of=2026-06-30&setting=practitioner');
    expect(onDeletion.result.status).toBe('gap');
    expect(onDeletion.result.gaps).toEqual([
      ...MISSING_PARTS,
      expect.objectContaining({ reason: 'no_version_in_force', doc_id: 'ptp:1' }),
    ]);
    const after = await ptp('0001U', '0029U', 'as_of=2026-07-01&setting=practitioner');
    expect(after.result.gaps.map((g: Json) => g.reason)).toEqual([
      'no_version_in_force',
      'no_version_in_force',
      'no_version_in_force',
      'code_not_in_version',
    ]);
    const w = await warrant('0001U', 'as_of=2026-07-01&setting=practitioner');
    expect(ptpFacts(w).some((x) => x.value.column2 === '0029U')).toBe(false);
    expect(w.edits.gaps.filter((g: Json) => g.reason === 'deletion_day_unresolved')).toEqual([]);
  });

  it('the warrant of 0001U lists every open pair of the file (66, counted from the raw lines) and no other', async () => {
    const open = lines
      .slice(6)
      .filter(Boolean)
      .map((l, i) => ({ f: l.split('\t'), line: i + 7 }))
      .filter(({ f }) => f[0] === '0001U' && f[4] === '*' && f[5] !== '9');
    expect(open).toHaveLength(66);
    const w = await warrant('0001U', `as_of=${DOS}&setting=practitioner`);
    expect(w.meta.ptp_pairs_total).toBe(66);
    expect(ptpFacts(w).map((f) => [f.value.column2, f.receipt.locator.line])).toEqual(
      open.map(({ f, line }) => [f[1], line]),
    );
  });

  it('a hospital query is a gap (no hospital table archived), never "no edit"; DME supplier has no PTP table', async () => {
    const read = await ptp('0001U', '0030U', `as_of=${DOS}&setting=hospital`);
    expect(read.result.status).toBe('gap');
    expect(read.result.facts).toEqual([]);
    expect(read.result.gaps).toEqual([
      expect.objectContaining({
        reason: 'no_version_in_force',
        detail:
          'No NCCI PTP table for outpatient hospital claims is archived, so the edits of 0001U in that setting are not known.',
      }),
    ]);
    const w = await warrant('0001U', `as_of=${DOS}&setting=outpatient_hospital`);
    expect(ptpFacts(w)).toEqual([]);
    expect(w.edits.gaps.filter((g: Json) => g.kind === 'ptp')).toEqual([
      expect.objectContaining({ reason: 'no_version_in_force' }),
    ]);
    // Without a setting, the practitioner pair is listed beside the hospital gap.
    const both = await ptp('0001U', '0030U', `as_of=${DOS}`);
    expect(both.result.status).toBe('partial');
    expect(both.result.facts.map((f: Json) => f.value.setting)).toEqual(['practitioner']);
    expect(both.result.gaps.map((g: Json) => [g.reason, g.doc_id])).toEqual([
      ['no_version_in_force', 'ptp:2'],
      ['no_version_in_force', 'ptp:3'],
      ['no_version_in_force', 'ptp:4'],
      ['no_version_in_force', null],
    ]);
    const dme = await warrant('0001U', `as_of=${DOS}&setting=dme_supplier`);
    expect(dme.edits.gaps.filter((g: Json) => g.kind === 'ptp').map((g: Json) => g.reason)).toEqual([
      'no_table_for_setting',
    ]);
  });

  it.each([
    ['2026-06-30', false],
    ['2026-07-01', true],
    ['2026-09-30', true],
    ['2026-10-01', false],
  ] as const)('window edge %s: 0001U/0030U (line 90) answered %s', async (date, held) => {
    const read = await ptp('0001U', '0030U', `as_of=${date}&setting=practitioner`);
    const w = await warrant('0001U', `as_of=${date}&setting=practitioner`);
    if (held) {
      expect(read.result.facts[0].receipt).toMatchObject(receipt(90));
      expect(ptpFacts(w).find((f) => f.value.column2 === '0030U')!.receipt).toMatchObject(receipt(90));
    } else {
      expect(read.result.status).toBe('gap');
      expect(ptpFacts(w)).toEqual([]);
      for (const gaps of [read.result.gaps as Json[], (w.edits.gaps as Json[]).filter((g) => g.kind === 'ptp')]) {
        expect(gaps).toEqual([
          ...MISSING_PARTS,
          expect.objectContaining({ reason: 'no_version_in_force', doc_id: 'ptp:1' }),
        ]);
      }
    }
  });
});
