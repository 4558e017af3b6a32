import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { runArchiveCommand } from '../../../scripts/archive';
import { codeStatus } from '../../../shared/warrant/blocks/standing';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 14, point 12: conformance of the standing block on the real HCPCS Level II samples
 * (../shared/data/publisher/cms_hcpcs_level2, see PROVENANCE.md there): the annual record files
 * HCPC2018_CONTR_ANWEB_disc.txt (January 2018) and HCPC2019_CONTR_ANWEB.txt (January 2019), both
 * imported through the operator path (`archive import`). Fixed width, CRLF, read here by the
 * positions of HCPCS2019_recordlayout.txt with a plain slice, never with the parser under test:
 * 1-5 code, 11 record id (3 first line, 4 continuation), 12-91 long description, 230 coverage code,
 * 269-276 add date, 277-284 action effective date, 285-292 termination date, 293 action code.
 *
 * Hand-checked records (file line = the receipt's line):
 * - 2019 file: C8937 (line 168, continued on 169-171), C9014 (174), C9034 (190), C9136 (202),
 *   C9248 (207), C9407 (239), C9462 (262), C9469 (270, continued on 271), C9600 (298, continued on 299).
 * - 2018 file: C9014 (173), C9140 (195), C9488 (267, the ASC date printed one field early).
 *
 * Boundary days, and why:
 * - 2017-12-31 / 2018-01-01: the day before the first archived release (no version) and its first day.
 * - 2018-03-31 / 2018-04-01: the January 2018 file's last day in force and the first day of the
 *   April 2018 quarterly release, which is not archived (`missing_release`). HCPCS changed during
 *   2018 (the 2019 file dates C9462 as added 2018-04-01 and C9030 2018-07-01; neither is in the
 *   2018 file), so the January file cannot decide 2018-12-31 either: that day is a
 *   `missing_release` gap naming the April, July and October 2018 releases, not an answer from the
 *   2018 file.
 * - 2018-12-31 / 2019-01-01: a termination date is the last day a code is valid (layout field 29,
 *   "Last date for which a procedure or modifier code may be used"): the codes the 2019 file ends on
 *   20181231 are `terminated` from 2019-01-01, the 2019 file's first day. The termination date itself
 *   falls in the missing-release gap above, so the "active on its termination date" half is checked
 *   on `codeStatus` (shared/warrant/blocks/standing.ts) with the values of the same raw line.
 * - 2019-03-31 / 2019-04-01: the 2019 file's last day in force, then the unarchived April 2019
 *   release (`missing_release`); 2024-06-01: the 2019 annual file never answers for 2024.
 */
const DIR = samplePath('cms_hcpcs_level2');
const FILES = {
  2018: {
    name: 'HCPC2018_CONTR_ANWEB_disc.txt',
    path: samplePath('cms_hcpcs_level2', 'HCPC2018_CONTR_ANWEB_disc.txt'),
  },
  2019: { name: 'HCPC2019_CONTR_ANWEB.txt', path: samplePath('cms_hcpcs_level2', 'HCPC2019_CONTR_ANWEB.txt') },
} as const;

interface Expected {
  file: 2018 | 2019;
  line: number;
  code: string;
  asOf: string;
  status: 'active' | 'terminated' | 'not_yet_added';
  /** The start of positions 12-91 of the first line. */
  long: string;
  /** Record-id-4 lines that continue the description. */
  continuation: number;
  coverage: string;
  add: string;
  effective: string;
  termination: string | null;
  action: string;
}

/** Literal values read by hand from the raw lines (each comment quotes the line's key columns). */
const EXPECTED: Expected[] = [
  // 2019 line 168: `C8937001003Computer-aided detection, including computer algorithm analysis of breast mri`
  //   ... `D` ... `02019010120190101        A` (add 20190101, eff 20190101, no term, A); lines 169-171 continue it
  {
    file: 2019,
    line: 168,
    code: 'C8937',
    asOf: '2019-01-01',
    status: 'active',
    long: 'Computer-aided detection, including computer algorithm analysis of breast mri',
    continuation: 3,
    coverage: 'D',
    add: '20190101',
    effective: '20190101',
    termination: null,
    action: 'A',
  },
  // 2019 line 174: `C9014001003Injection, cerliponase alfa, 1 mg ... DYY20180101 ... 0201801012019010120181231D`
  {
    file: 2019,
    line: 174,
    code: 'C9014',
    asOf: '2019-01-01',
    status: 'terminated',
    long: 'Injection, cerliponase alfa, 1 mg',
    continuation: 0,
    coverage: 'D',
    add: '20180101',
    effective: '20190101',
    termination: '20181231',
    action: 'D',
  },
  // 2019 line 190: `C9034001003Injection, dexamethasone 9%, intraocular, 1 mcg ... DYY20181001 ... 02018100120181001        A`
  {
    file: 2019,
    line: 190,
    code: 'C9034',
    asOf: '2019-03-31',
    status: 'active',
    long: 'Injection, dexamethasone 9%, intraocular, 1 mcg',
    continuation: 0,
    coverage: 'D',
    add: '20181001',
    effective: '20181001',
    termination: null,
    action: 'A',
  },
  // 2019 line 202: `C9136001003Injection, factor viii, fc fusion protein, (recombinant), per i.u. ... 0201501012015040120150331N`
  {
    file: 2019,
    line: 202,
    code: 'C9136',
    asOf: '2019-02-15',
    status: 'terminated',
    long: 'Injection, factor viii, fc fusion protein, (recombinant), per i.u.',
    continuation: 0,
    coverage: 'D',
    add: '20150101',
    effective: '20150401',
    termination: '20150331',
    action: 'N',
  },
  // 2019 line 207: `C9248001003Injection, clevidipine butyrate, 1 mg ... DYY20190101 ... 02009010120190101        P`
  {
    file: 2019,
    line: 207,
    code: 'C9248',
    asOf: '2019-02-15',
    status: 'active',
    long: 'Injection, clevidipine butyrate, 1 mg',
    continuation: 0,
    coverage: 'D',
    add: '20090101',
    effective: '20190101',
    termination: null,
    action: 'P',
  },
  // 2019 line 239: `C9407001003Iodine i-131 iobenguane, diagnostic, 1 millicurie ... 02019010120190101        A`
  {
    file: 2019,
    line: 239,
    code: 'C9407',
    asOf: '2019-01-01',
    status: 'active',
    long: 'Iodine i-131 iobenguane, diagnostic, 1 millicurie',
    continuation: 0,
    coverage: 'D',
    add: '20190101',
    effective: '20190101',
    termination: null,
    action: 'A',
  },
  // 2019 line 262: `C9462001003Injection, delafloxacin, 1 mg ... DYY20180401 ... 02018040120180401        A`
  {
    file: 2019,
    line: 262,
    code: 'C9462',
    asOf: '2019-01-01',
    status: 'active',
    long: 'Injection, delafloxacin, 1 mg',
    continuation: 0,
    coverage: 'D',
    add: '20180401',
    effective: '20180401',
    termination: null,
    action: 'A',
  },
  // 2019 line 270: `C9469001003Injection, triamcinolone acetonide, preservative-free, extended-release,`
  //   ... `0201804012018070120180630D`; line 271: `C9469002004microsphere formulation, 1 mg`
  {
    file: 2019,
    line: 270,
    code: 'C9469',
    asOf: '2019-03-31',
    status: 'terminated',
    long: 'Injection, triamcinolone acetonide, preservative-free, extended-release, microsphere formulation, 1 mg',
    continuation: 1,
    coverage: 'D',
    add: '20180401',
    effective: '20180701',
    termination: '20180630',
    action: 'D',
  },
  // 2019 line 298: `C9600001003Percutaneous transcatheter placement of drug eluting intracoronary stent(s),`
  //   ... `02013010120130101        N`; line 299 continues `with coronary angioplasty when performed; ...`
  {
    file: 2019,
    line: 298,
    code: 'C9600',
    asOf: '2019-01-01',
    status: 'active',
    long: 'Percutaneous transcatheter placement of drug eluting intracoronary stent(s), with coronary angioplasty',
    continuation: 1,
    coverage: 'D',
    add: '20130101',
    effective: '20130101',
    termination: null,
    action: 'N',
  },
  // 2018 line 173: `C9014001003Injection, cerliponase alfa, 1 mg ... DYY20180101 ... 02018010120180101        A`
  {
    file: 2018,
    line: 173,
    code: 'C9014',
    asOf: '2018-01-01',
    status: 'active',
    long: 'Injection, cerliponase alfa, 1 mg',
    continuation: 0,
    coverage: 'D',
    add: '20180101',
    effective: '20180101',
    termination: null,
    action: 'A',
  },
  // 2018 line 195: `C9140001003Injection, factor viii (antihemophilic factor, recombinant) (afstyla), 1 i.u.`
  //   ... `0201701012018010120171231D`: terminated 2017-12-31, so terminated on 2018-01-01 (the day after)
  {
    file: 2018,
    line: 195,
    code: 'C9140',
    asOf: '2018-01-01',
    status: 'terminated',
    long: 'Injection, factor viii (antihemophilic factor, recombinant) (afstyla), 1 i.u.',
    continuation: 0,
    coverage: 'D',
    add: '20170101',
    effective: '20180101',
    termination: '20171231',
    action: 'D',
  },
  // 2018 line 267: `C9488001003Injection, conivaptan hydrochloride, 1 mg ... D20170401 ... 02017040120170401        A`
  //   (the ASC date sits in positions 231-238, one field early)
  {
    file: 2018,
    line: 267,
    code: 'C9488',
    asOf: '2018-03-31',
    status: 'active',
    long: 'Injection, conivaptan hydrochloride, 1 mg',
    continuation: 0,
    coverage: 'D',
    add: '20170401',
    effective: '20170401',
    termination: null,
    action: 'A',
  },
];

const iso = (ymd: string | null) => (ymd ? `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}` : null);

describeWithSamples('HCPCS Level II conformance on the real 2018 and 2019 record files', DIR, () => {
  let h: Harness;
  let key: TestKey;
  const raw = {
    2018: fs.readFileSync(FILES[2018].path),
    2019: fs.readFileSync(FILES[2019].path),
  };
  const lines = {
    2018: raw[2018].toString('latin1').split('\r\n'),
    2019: raw[2019].toString('latin1').split('\r\n'),
  };
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  /** 1-based inclusive positions of the record layout. */
  const cut = (line: string, from: number, to: number) => line.slice(from - 1, to);

  const warrant = async (code: string, asOf: string) => {
    const r = await h.request(`/rules/warrant?hcpcs=${code}&as_of=${asOf}`, { headers: key.headers });
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };
  const asOf = async (date: string) => {
    const r = await h.request(`/archive/docs/hcpcs:1/as-of?date=${date}`);
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };

  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => new Date('2026-08-01T12:00:00Z') } });
    key = await createTestKey(h.deps, 'pro', ['warrant']);
    for (const year of [2018, 2019] as const) {
      const out: string[] = [];
      const code = await runArchiveCommand(
        ['import', '--source', 'cms_hcpcs_level2', '--file', FILES[year].path, '--observed-at', '2026-08-01T09:00:00Z'],
        h.deps,
        (l) => out.push(l),
      );
      expect(code).toBe(0);
      expect(out.join('\n')).toContain(`publisher_effective_window (it has a publisher effective date, ${year}-01-01)`);
    }
  }, 60_000);
  afterAll(() => h.close());

  it.each(EXPECTED)('$code in the $file file (line $line) on $asOf: $status', async (e) => {
    // The raw line first: the literal expectations are what the publisher's bytes say.
    const line = lines[e.file][e.line - 1]!;
    expect(line).toHaveLength(320);
    expect([cut(line, 1, 5), cut(line, 11, 11)]).toEqual([e.code, '3']);
    expect(cut(line, 230, 230)).toBe(e.coverage);
    expect(cut(line, 269, 276)).toBe(e.add);
    expect(cut(line, 277, 284)).toBe(e.effective);
    expect(cut(line, 285, 292)).toBe(e.termination ?? ' '.repeat(8));
    expect(cut(line, 293, 293)).toBe(e.action);
    const continued = lines[e.file].slice(e.line, e.line + e.continuation);
    for (const c of continued) expect([cut(c, 1, 5), cut(c, 11, 11)]).toEqual([e.code, '4']);
    expect(lines[e.file][e.line + e.continuation]!.slice(0, 5)).not.toBe(e.code);
    const rawLong = [line, ...continued].map((l) => cut(l, 12, 91).trim()).join(' ');
    expect(rawLong.startsWith(e.long)).toBe(true);

    const w = await warrant(e.code, e.asOf);
    expect(w.code_category).toBe('hcpcs_level2');
    expect(w.standing.status).toBe('held');
    expect(w.standing.gaps).toEqual([]);
    const facts = (w.standing.facts as Json[]).filter((f) => f.kind === 'hcpcs_code');
    expect(facts).toHaveLength(1);
    const f = facts[0]!;
    expect(f.value).toMatchObject({
      kind: 'procedure',
      code: e.code,
      coverage_code: e.coverage,
      add_date: iso(e.add),
      action_effective_date: iso(e.effective),
      termination_date: iso(e.termination),
      action_code: e.action,
      continuation_records: e.continuation,
      status_on_date: e.status,
    });
    expect(String(f.value.long_description).startsWith(e.long)).toBe(true);
    expect(f.receipt).toMatchObject({
      source_id: 'cms_hcpcs_level2',
      doc_id: 'hcpcs:1',
      file_name: FILES[e.file].name,
      sha256: sha(raw[e.file]),
      publisher_version: String(e.file),
      publisher_effective_from: `${e.file}-01-01`,
      publisher_effective_to: null,
      as_of_rule: 'publisher_effective_window',
      locator: { line: e.line },
    });
  });

  it('C9488 (2018 line 267): the ASC date printed in positions 231-238 is read as that date, with no group', async () => {
    const line = lines[2018][267 - 1]!;
    expect(cut(line, 230, 240)).toBe('D20170401  ');
    const f = (await warrant('C9488', '2018-02-01')).standing.facts[0];
    expect(f.value).toMatchObject({ asc_payment_group: null, asc_effective_date: '2017-04-01' });
  });

  it('a termination date is the last valid day: C9014 (2019 line 174, term 20181231) is active on it, terminated the day after', async () => {
    const f = (await warrant('C9014', '2019-01-01')).standing.facts[0];
    expect(f.value.termination_date).toBe('2018-12-31');
    // The termination date itself lies in the missing-release gap (below), so the rule is checked on
    // the same record's values: active through 2018-12-31, terminated from 2019-01-01.
    expect(codeStatus(f.value, '2018-12-31')).toBe('active');
    expect(codeStatus(f.value, '2019-01-01')).toBe('terminated');
    // The add date is the first valid day: C8937 (2019 line 168, added 20190101).
    const added = (await warrant('C8937', '2019-01-01')).standing.facts[0];
    expect(codeStatus(added.value, '2018-12-31')).toBe('not_yet_added');
    expect(codeStatus(added.value, '2019-01-01')).toBe('active');
  });

  it('the same code read from each release: C9014 is an add (A) in 2018, a discontinuation (D) in 2019', async () => {
    const y2018 = (await warrant('C9014', '2018-03-31')).standing.facts[0];
    const y2019 = (await warrant('C9014', '2019-03-31')).standing.facts[0];
    expect([y2018.receipt.locator.line, y2018.value.action_code, y2018.value.status_on_date]).toEqual([
      173,
      'A',
      'active',
    ]);
    expect([y2019.receipt.locator.line, y2019.value.action_code, y2019.value.status_on_date]).toEqual([
      174,
      'D',
      'terminated',
    ]);
  });

  it('C9462 is not in the January 2018 file (added 2018-04-01 by the 2019 file): not listed on 2018-03-31, a gap from 2018-04-01', async () => {
    expect(lines[2018].some((l) => l.startsWith('C9462'))).toBe(false);
    const before = await warrant('C9462', '2018-03-31');
    expect(before.standing.status).toBe('gap');
    expect(before.standing.gaps.map((g: Json) => g.reason)).toEqual(['code_not_in_version']);
    const hcpcs = (before.meta.versions_in_force as Json[]).find((v) => v.doc_id === 'hcpcs:1')!;
    expect(hcpcs).toMatchObject({ version_id: expect.any(Number), publisher_version: '2018', loaded: true });
    // From the April 2018 release on, the January file no longer answers: never "not in version".
    const april = await warrant('C9462', '2018-04-01');
    expect(april.standing.gaps).toEqual([
      expect.objectContaining({ reason: 'missing_release', missing_releases: ['2018-04-01'] }),
    ]);
  });

  it('boundary days of the 2018 file: 2017-12-31 no version, 2018-01-01 and 2018-03-31 in force, 2018-04-01 missing release', async () => {
    const before = await asOf('2017-12-31');
    expect(before).toMatchObject({ status: 'gap', gap: { reason: 'before_first_version' } });
    const w = await warrant('C9014', '2017-12-31');
    expect(w.standing.gaps).toEqual([expect.objectContaining({ reason: 'no_version_in_force', doc_id: 'hcpcs:1' })]);
    for (const date of ['2018-01-01', '2018-03-31']) {
      const a = await asOf(date);
      expect(a).toMatchObject({ status: 'resolved', rule: 'publisher_effective_window', timeline: 'windowed' });
      expect(a.version).toMatchObject({ name: FILES[2018].name, publisher_version: '2018' });
      expect(a.sha256).toBe(sha(raw[2018]));
      expect(a.window).toEqual({ from: '2018-01-01', to: '2018-12-31' });
    }
    const april = await asOf('2018-04-01');
    expect(april).toMatchObject({
      status: 'gap',
      gap: { reason: 'missing_release', missing_releases: ['2018-04-01'] },
    });
  });

  it('2018-12-31 is not answered from the January 2018 file: the April, July and October 2018 releases are not archived', async () => {
    const a = await asOf('2018-12-31');
    expect(a).toMatchObject({
      status: 'gap',
      gap: { reason: 'missing_release', missing_releases: ['2018-04-01', '2018-07-01', '2018-10-01'] },
    });
    const w = await warrant('C9014', '2018-12-31');
    expect(w.standing.facts).toEqual([]);
    expect(w.standing.gaps).toEqual([
      expect.objectContaining({
        reason: 'missing_release',
        doc_id: 'hcpcs:1',
        missing_releases: ['2018-04-01', '2018-07-01', '2018-10-01'],
      }),
    ]);
  });

  it('boundary days of the 2019 file: 2019-01-01 and 2019-03-31 in force, 2019-04-01 missing release, 2024-06-01 never', async () => {
    for (const date of ['2019-01-01', '2019-03-31']) {
      const a = await asOf(date);
      expect(a).toMatchObject({ status: 'resolved', rule: 'publisher_effective_window' });
      expect(a.version).toMatchObject({ name: FILES[2019].name, publisher_version: '2019' });
      expect(a.sha256).toBe(sha(raw[2019]));
      expect(a.window).toEqual({ from: '2019-01-01', to: null });
    }
    const april = await warrant('C9034', '2019-04-01');
    expect(april.standing.status).toBe('gap');
    expect(april.standing.facts).toEqual([]);
    expect(april.standing.gaps).toEqual([
      expect.objectContaining({ reason: 'missing_release', missing_releases: ['2019-04-01'] }),
    ]);
    const later = await warrant('C9034', '2024-06-01');
    expect(later.standing.facts).toEqual([]);
    const gap = (later.standing.gaps as Json[])[0]!;
    expect(gap.reason).toBe('missing_release');
    // Every quarterly release from April 2019 through April 2024 (21) is named, none skipped.
    expect(gap.missing_releases).toHaveLength(21);
    expect(gap.missing_releases[0]).toBe('2019-04-01');
    expect(gap.missing_releases[20]).toBe('2024-04-01');
  });

  it('licensed codes: a CDT D code and a CPT code get no HCPCS record and no descriptor', async () => {
    // Neither sample file lists a D code or a five-digit code (the readme: the file "does not contain
    // the American Medical Association's Level I CPT-4 codes nor the American Dental Association's CDT-19 codes").
    for (const l of lines[2019]) expect(/^(D\d{4}|\d{5})\d{5}3/.test(l)).toBe(false);
    const cdt = await warrant('D0120', '2019-01-01');
    expect(cdt.code_category).toBe('cdt');
    expect(cdt.standing).toMatchObject({ status: 'gap', facts: [] });
    expect(cdt.standing.gaps).toEqual([
      expect.objectContaining({ kind: 'hcpcs_code', reason: 'not_applicable', source_id: 'cms_hcpcs_level2' }),
    ]);
    expect(cdt.standing.gaps[0].detail).toMatch(/ADA-licensed and not served/);
    const cpt = await warrant('99213', '2019-01-01');
    expect(cpt.code_category).toBe('cpt_category_1');
    expect(cpt.standing.gaps).toEqual([expect.objectContaining({ kind: 'hcpcs_code', reason: 'not_applicable' })]);
    expect(cpt.standing.gaps[0].detail).toMatch(/AMA-licensed and not served/);
    for (const body of [cdt, cpt]) expect(JSON.stringify(body)).not.toMatch(/long_description|short_description/);
  });
});
