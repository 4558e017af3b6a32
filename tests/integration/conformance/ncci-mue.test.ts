import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { runArchiveCommand } from '../../../scripts/archive';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

/**
 * Issue 14, point 12: conformance of the MUE reads on the real CMS practitioner MUE table effective
 * 2026-07-01 (../shared/data/publisher/cms_ncci_mue/MCR_MUE_PractitionerServices_Eff_07-01-2026.csv,
 * see PROVENANCE.md there: Latin-1, a copyright record on lines 1-7, the header on lines 8-9 with a
 * line break inside its first field, then 44 rows on lines 10-53, CRLF), imported through the
 * operator path (`archive import`). Expected values are literals read by hand from the raw lines
 * (`code,MUE value,MAI text,rationale`); the test re-reads each line with a plain split to check them.
 *
 * Hand-checked rows (file line = the receipt's line): 0001U (10, a PLA code), 0002M (11, a MAAA
 * code), 0004M (15), 0009U (21), 0010U (22), 0016M (28), 0016U (29), 0018U (33), 0022U (38),
 * 0026U (42), 0030U (44), 0041U (53, the last row). Every one of the 44 rows is also queried (no
 * 400, its MUE held, its line cited). The file holds no vaccine code (`0001A`): queried anyway, it
 * is accepted and answered "not in the table in force", never a 400.
 *
 * Units: over the value, the MUE is flagged with the meaning of its MAI (2 policy, 3 clinical:
 * both date-of-service edits); this sample has no MAI 1 (line edit) row.
 * Settings: only the practitioner table is archived, so outpatient hospital and DME supplier are
 * gaps for their setting, never "no MUE".
 * Boundary days: the file's window is 2026-07-01 to 2026-09-30 (effective date in the name, to the
 * quarter's end): 2026-06-30 is before it (gap), 2026-07-01 and 2026-09-30 answer, 2026-10-01 is
 * after it (gap: the October table is not archived).
 */
const NAME = 'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv';
const FILE = samplePath('cms_ncci_mue', NAME);
const DOS = '2026-08-15';

interface Row {
  line: number;
  code: string;
  value: number;
  mai: number;
  maiText: string;
  rationale: string;
  category: string;
}

const EXPECTED: Row[] = [
  // line 10: `0001U,1,2 Date of Service Edit: Policy,Code Descriptor / CPT Instruction`
  {
    line: 10,
    code: '0001U',
    value: 1,
    mai: 2,
    maiText: 'Date of Service Edit: Policy',
    rationale: 'Code Descriptor / CPT Instruction',
    category: 'cpt_pla',
  },
  // line 11: `0002M,1,3 Date of Service Edit: Clinical,Nature of Analyte`
  {
    line: 11,
    code: '0002M',
    value: 1,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Nature of Analyte',
    category: 'cpt_maaa',
  },
  // line 15: `0004M,1,2 Date of Service Edit: Policy,Code Descriptor / CPT Instruction`
  {
    line: 15,
    code: '0004M',
    value: 1,
    mai: 2,
    maiText: 'Date of Service Edit: Policy',
    rationale: 'Code Descriptor / CPT Instruction',
    category: 'cpt_maaa',
  },
  // line 21: `0009U,2,3 Date of Service Edit: Clinical,Nature of Analyte`
  {
    line: 21,
    code: '0009U',
    value: 2,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Nature of Analyte',
    category: 'cpt_pla',
  },
  // line 22: `0010U,2,3 Date of Service Edit: Clinical,Nature of Service/Procedure`
  {
    line: 22,
    code: '0010U',
    value: 2,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Nature of Service/Procedure',
    category: 'cpt_pla',
  },
  // line 28: `0016M,2,3 Date of Service Edit: Clinical,Nature of Service/Procedure`
  {
    line: 28,
    code: '0016M',
    value: 2,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Nature of Service/Procedure',
    category: 'cpt_maaa',
  },
  // line 29: `0016U,1,3 Date of Service Edit: Clinical,Nature of Analyte`
  {
    line: 29,
    code: '0016U',
    value: 1,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Nature of Analyte',
    category: 'cpt_pla',
  },
  // line 33: `0018U,2,3 Date of Service Edit: Clinical,Nature of Service/Procedure`
  {
    line: 33,
    code: '0018U',
    value: 2,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Nature of Service/Procedure',
    category: 'cpt_pla',
  },
  // line 38: `0022U,2,3 Date of Service Edit: Clinical,Clinical: CMS Workgroup`
  {
    line: 38,
    code: '0022U',
    value: 2,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Clinical: CMS Workgroup',
    category: 'cpt_pla',
  },
  // line 42: `0026U,2,3 Date of Service Edit: Clinical,Nature of Service/Procedure`
  {
    line: 42,
    code: '0026U',
    value: 2,
    mai: 3,
    maiText: 'Date of Service Edit: Clinical',
    rationale: 'Nature of Service/Procedure',
    category: 'cpt_pla',
  },
  // line 44: `0030U,1,2 Date of Service Edit: Policy,Code Descriptor / CPT Instruction`
  {
    line: 44,
    code: '0030U',
    value: 1,
    mai: 2,
    maiText: 'Date of Service Edit: Policy',
    rationale: 'Code Descriptor / CPT Instruction',
    category: 'cpt_pla',
  },
  // line 53: `0041U,1,2 Date of Service Edit: Policy,Code Descriptor / CPT Instruction`
  {
    line: 53,
    code: '0041U',
    value: 1,
    mai: 2,
    maiText: 'Date of Service Edit: Policy',
    rationale: 'Code Descriptor / CPT Instruction',
    category: 'cpt_pla',
  },
];

describeWithSamples('NCCI MUE conformance on the real practitioner table of 2026 Q3', FILE, () => {
  let h: Harness;
  let key: TestKey;
  const bytes = fs.readFileSync(FILE);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  /** Physical lines: records end in CRLF, the breaks inside quoted fields are bare LF. */
  const lines = bytes.toString('latin1').split(/\r?\n/);
  /** The 44 data rows, read with a plain split (no data row quotes a field or holds a comma in one). */
  const rows = lines
    .map((text, i) => ({ text, line: i + 1 }))
    .filter((l) => l.line >= 10 && l.text !== '')
    .map(({ text, line }) => {
      const [code, value, mai, rationale] = text.split(',');
      return { line, code: code!, value: Number(value), maiText: mai!, rationale: rationale! };
    });

  const get = async (p: string) => {
    const r = await h.request(p, { headers: key.headers });
    expect(r.status).toBe(200);
    return (await r.json()) as Json;
  };
  const mue = (code: string, q: string) => get(`/rules/ncci/mue?hcpcs=${code}&${q}`);
  const edits = async (code: string, q: string) => {
    const w = await get(`/rules/warrant?hcpcs=${code}&${q}`);
    return { w, block: w.edits as Json, mue: (w.edits.facts as Json[]).filter((f) => f.kind === 'mue') };
  };
  const receipt = (line: number) => ({
    source_id: 'cms_ncci_mue',
    doc_id: 'mue:1',
    file_name: NAME,
    sha256,
    publisher_version: '2026 Q3',
    publisher_effective_from: '2026-07-01',
    publisher_effective_to: '2026-09-30',
    as_of_rule: 'publisher_effective_window',
    locator: { line },
  });

  beforeAll(async () => {
    h = await startHarness({ clock: { now: () => new Date('2026-07-15T12:00:00Z') } });
    key = await createTestKey(h.deps, 'pro', ['warrant']);
    const out: string[] = [];
    expect(
      await runArchiveCommand(['import', '--source', 'cms_ncci_mue', '--file', FILE], h.deps, (l) => out.push(l)),
    ).toBe(0);
    expect(out.join('\n')).toContain('publisher_effective_window (it has a publisher effective date, 2026-07-01)');
  }, 60_000);
  afterAll(() => h.close());

  it('the raw file: copyright record on lines 1-7, header on lines 8-9, 44 rows on lines 10-53', () => {
    expect(lines[0]!.startsWith('"Current Procedural Terminology (CPT) codes')).toBe(true);
    expect(lines[6]!.endsWith('",,,')).toBe(true);
    expect([lines[7], lines[8]]).toEqual([
      '"HCPCS/',
      'CPT Code",Practitioner Services MUE Values,MUE Adjudication Indicator,MUE Rationale',
    ]);
    expect(rows).toHaveLength(44);
    expect([rows[0]!.line, rows[43]!.line]).toEqual([10, 53]);
  });

  it.each(EXPECTED)('$code (line $line): MUE $value, MAI $mai, $rationale', async (e) => {
    const raw = rows.find((r) => r.line === e.line)!;
    expect(raw).toEqual({
      line: e.line,
      code: e.code,
      value: e.value,
      maiText: `${e.mai} ${e.maiText}`,
      rationale: e.rationale,
    });
    const value = {
      code: e.code,
      setting: 'practitioner',
      mue_value: e.value,
      adjudication_indicator: e.mai,
      adjudication_indicator_text: e.maiText,
      rationale: e.rationale,
    };
    const read = await mue(e.code, `as_of=${DOS}&setting=practitioner`);
    expect(read.result.status).toBe('held');
    expect(read.result.gaps).toEqual([]);
    expect(read.result.facts).toHaveLength(1);
    expect(read.result.facts[0].value).toMatchObject(value);
    expect(read.result.facts[0].receipt).toMatchObject(receipt(e.line));

    const { w, mue: facts } = await edits(e.code, `as_of=${DOS}&setting=practitioner`);
    expect(w.code_category).toBe(e.category);
    expect(facts).toHaveLength(1);
    expect(facts[0]!.value).toMatchObject({ ...value, descriptor_withheld: true, descriptor_licensor: 'AMA' });
    expect(facts[0]!.value.selected_because).toBe(
      'setting practitioner: the MUE table for practitioner services (mue:1)',
    );
    expect(facts[0]!.receipt).toMatchObject(receipt(e.line));
    // With a setting, only that setting's table is read: no gap for the other settings' tables.
    expect(w.edits.gaps.filter((g: Json) => g.kind === 'mue')).toEqual([]);
  });

  it('every code of the file is accepted and answers its MUE, by the rule read and by the warrant', async () => {
    for (const r of rows) {
      const read = await h.request(`/rules/ncci/mue?hcpcs=${r.code}&as_of=${DOS}&setting=practitioner`, {
        headers: key.headers,
      });
      expect({ code: r.code, status: read.status }).toEqual({ code: r.code, status: 200 });
      const body = (await read.json()) as Json;
      const f = body.result.facts[0];
      expect({
        code: r.code,
        value: f?.value.mue_value,
        mai: f?.value.adjudication_indicator,
        line: f?.receipt.locator.line,
      }).toEqual({ code: r.code, value: r.value, mai: Number(r.maiText.slice(0, 1)), line: r.line });
      const w = await h.request(`/rules/warrant?hcpcs=${r.code}&as_of=${DOS}&setting=practitioner`, {
        headers: key.headers,
      });
      expect({ code: r.code, status: w.status }).toEqual({ code: r.code, status: 200 });
      const wf = ((await w.json()) as Json).edits.facts.filter((x: Json) => x.kind === 'mue');
      expect(wf.map((x: Json) => [x.value.mue_value, x.receipt.locator.line])).toEqual([[r.value, r.line]]);
    }
  });

  it('a vaccine code (0001A) is accepted; the file does not list it, so the table in force is searched and says so', async () => {
    expect(rows.some((r) => r.code === '0001A')).toBe(false);
    const read = await mue('0001A', `as_of=${DOS}&setting=practitioner`);
    expect(read.result.status).toBe('gap');
    expect(read.result.gaps).toEqual([expect.objectContaining({ kind: 'mue', reason: 'code_not_in_version' })]);
    const { w } = await edits('0001A', `as_of=${DOS}&setting=practitioner`);
    expect(w.code_category).toBe('cpt_vaccine');
  });

  it.each([
    // 0001U line 10: MUE 1, MAI 2; 2 units exceed it (policy basis)
    ['0001U', 2, 1, 2, true, /policy basis/],
    // 0022U line 38: MUE 2, MAI 3; 3 units exceed it (clinical basis)
    ['0022U', 3, 2, 3, true, /clinical basis/],
    // 0009U line 21: MUE 2, MAI 3; 2 units are within it (a date of service edit: other lines count too)
    ['0009U', 2, 2, 3, false, /other lines of the code on the same date of service count toward it/],
  ] as const)(
    'units: %s with %d units against MUE %d (MAI %d): exceeds %s',
    async (code, units, value, mai, exceeds, words) => {
      const q = `as_of=${DOS}&setting=practitioner&units=${units}`;
      const read = await mue(code, q);
      const { w, mue: facts } = await edits(code, q);
      expect(w.meta.claim_line).toMatchObject({ units, setting: 'practitioner' });
      for (const f of [read.result.facts[0], facts[0]]) {
        expect(f.value.units_check).toMatchObject({ units, mue_value: value, exceeds, adjudication_indicator: mai });
        expect(f.value.units_check.detail).toMatch(words);
        if (exceeds) {
          // Both MAIs of this file are date of service edits: all lines of the date together.
          expect(f.value.units_check.meaning).toMatch(/date of service, all claim lines together/);
          expect(f.value.units_check.adjudication_indicator_text).toBe(
            mai === 2 ? 'Date of Service Edit: Policy' : 'Date of Service Edit: Clinical',
          );
        }
      }
    },
  );

  it.each([
    ['outpatient_hospital', 'mue:2', 'outpatient hospital services'],
    ['dme_supplier', 'mue:3', 'DME supplier services'],
  ])('setting %s: no table archived, so a gap for that setting, never "no MUE"', async (setting, doc, label) => {
    const read = await mue('0009U', `as_of=${DOS}&setting=${setting}`);
    const { mue: facts, block } = await edits('0009U', `as_of=${DOS}&setting=${setting}`);
    expect(facts).toEqual([]);
    for (const gaps of [read.result.gaps as Json[], (block.gaps as Json[]).filter((g) => g.kind === 'mue')]) {
      expect(gaps).toEqual([expect.objectContaining({ reason: 'no_version_in_force', doc_id: doc })]);
      expect(gaps[0]!.detail).toBe(
        `No MUE table for ${label} is archived, so the edits of 0009U in that setting are not known.`,
      );
    }
    expect(read.result.status).toBe('gap');
    // Without a setting: the practitioner MUE beside a gap for each setting without a table.
    const all = await mue('0009U', `as_of=${DOS}`);
    expect(all.result.status).toBe('partial');
    expect(all.result.facts.map((f: Json) => f.value.setting)).toEqual(['practitioner']);
    expect(all.result.gaps.map((g: Json) => g.doc_id)).toEqual(['mue:2', 'mue:3']);
  });

  it.each([
    ['2026-06-30', false, /No version is in force before 2026-07-01/],
    ['2026-07-01', true, null],
    ['2026-09-30', true, null],
    ['2026-10-01', false, /Every archived window ended before 2026-10-01/],
  ] as const)('boundary day %s: 0009U (line 21) answered %s', async (date, held, detail) => {
    const read = await mue('0009U', `as_of=${date}&setting=practitioner`);
    const { mue: facts, block } = await edits('0009U', `as_of=${date}&setting=practitioner`);
    if (held) {
      expect(read.result.status).toBe('held');
      for (const f of [read.result.facts[0], facts[0]]) {
        expect(f.value.mue_value).toBe(2);
        expect(f.receipt).toMatchObject(receipt(21));
      }
    } else {
      expect(read.result.status).toBe('gap');
      expect(facts).toEqual([]);
      for (const gaps of [read.result.gaps as Json[], (block.gaps as Json[]).filter((g) => g.kind === 'mue')]) {
        expect(gaps).toEqual([expect.objectContaining({ reason: 'no_version_in_force', doc_id: 'mue:1' })]);
        expect(gaps[0]!.detail).toMatch(detail!);
      }
    }
  });
});
