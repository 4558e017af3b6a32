import * as fs from 'node:fs';
import { readFixture } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { PublisherParser } from '../../publishers/common/types';
import { classOfDisplayName, type LabelRow, type PharmClassRow } from '../../rx/label-rows';
import { labelParser, pharmClassParser } from './parser';
import { readBundleVersion } from './source';

async function all<R>(p: PublisherParser<R & { locator: { line: number; record: number } }>, bytes: Buffer) {
  const out: R[] = [];
  for await (const r of p.parse(bytes)) out.push(r);
  return out;
}

const SET_A = '7c1e4b2a-5d3f-4e8a-9b6c-1a2b3c4d5e6f';

describe('DailyMed SPL bundles (fixtures)', () => {
  it('reads every label of a full release part: ids, version, sections by LOINC, listing data', async () => {
    const bytes = readFixture('nlm_dailymed_spl', '2025-03-03', 'dm_spl_release_human_rx_part1.zip');
    const rows = await all<LabelRow>(labelParser, bytes);
    expect(rows.map((r) => [r.set_id, r.version, r.effective_date])).toEqual([
      [SET_A, 3, '2025-01-15'],
      ['3f9d2c1b-8a7e-4d6c-b5a4-9e8f7d6c5b4a', 1, '2024-06-10'],
      ['b2a1c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', 2, '2024-12-01'],
    ]);
    const a = rows[0]!;
    expect(a).toMatchObject({
      document_id: 'a1000000-0000-4000-8000-00000000a003',
      title: 'ZOLVERA (zolverakizumab) injection, for subcutaneous use',
      document_type_code: '34391-3',
      labeler: 'Brightwater Biologics, Inc.',
      labeler_duns: '079412356',
      has_boxed_warning: true,
      has_indications: true,
      has_dosage_and_administration: true,
      has_contraindications: true,
      member: `prescription/20250115_${SET_A}.zip!a1000000-0000-4000-8000-00000000a003.xml`,
      locator: { line: 1, record: 1 },
    });
    expect(a.sections.boxed_warning).toEqual({
      loinc: '34066-1',
      title: 'WARNING: SERIOUS INFECTIONS',
      text: 'Serious infections leading to hospitalization have occurred.\nTest for latent infection before starting.\nStop if a serious infection develops.',
      truncated: false,
    });
    // Subsections are part of their key section, each title on its own line.
    expect(a.sections.indications!.text).toBe(
      'ZOLVERA is an interleukin-23 antagonist indicated for:\n1.1 Plaque Psoriasis\nadults with moderate-to-severe plaque psoriasis who are candidates for systemic therapy.',
    );
    expect(a.sections.dosage_and_administration!.text).toContain('Week | Dose\n0 | 100 mg');
    expect(a.section_codes).toEqual(['34066-1', '34067-9', '34068-7', '34070-3', '34084-4', '42229-5', '48780-1']);
    expect(a.products).toEqual([
      {
        product_ndc: '71234-101',
        name: 'Zolvera',
        generic_name: 'zolverakizumab',
        dosage_form: 'INJECTION, SOLUTION',
        dosage_form_code: 'C42945',
        ingredients: [
          {
            name: 'ZOLVERAKIZUMAB',
            unii: 'Q7X2K9M4PA',
            class_code: 'ACTIB',
            active: true,
            strength: '100 mg/mL',
            active_moiety_unii: 'Q7X2K9M4PA',
          },
          {
            name: 'POLYSORBATE 80',
            unii: '6OZP39ZG8H',
            class_code: 'IACT',
            active: false,
            strength: null,
            active_moiety_unii: null,
          },
        ],
        package_ndcs: ['71234-101-01', '71234-101-02'],
      },
    ]);
    const b = rows[1]!;
    expect(b.title).toBeNull();
    expect(b.has_boxed_warning).toBe(false);
    expect(b.products.map((p) => p.product_ndc)).toEqual(['60831-268', '60831-269']);
    expect(rows[2]!.has_contraindications).toBe(false);
    expect(labelParser.codesOf(a)).toEqual(['71234-101', '71234-101-01', '71234-101-02']);
    expect(await findByLocator(labelParser, bytes, rows[2]!.locator)).toEqual(rows[2]);
  });

  it('reads a daily update: the later version of a set_id', async () => {
    const rows = await all<LabelRow>(
      labelParser,
      readFixture('nlm_dailymed_spl', '2025-06-10', 'dm_spl_daily_update_06102025.zip'),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ set_id: SET_A, version: 4, effective_date: '2025-06-10' });
    expect(rows[0]!.title).toBe('ZOLVERA (zolverakizumab) injection, for subcutaneous use Initial U.S. Approval: 2018');
  });

  it('reads the class indexing bundle: one row per substance and class, the type from the display name', async () => {
    const rows = await all<PharmClassRow>(
      pharmClassParser,
      readFixture('nlm_dailymed_spl', '2025-03-03', 'pharmacologic_class_indexing_spl_files.zip'),
    );
    expect(rows.map((r) => [r.unii, r.class_code, r.class_type])).toEqual([
      ['Q7X2K9M4PA', 'N0000192799', 'EPC'],
      ['Q7X2K9M4PA', 'N0000192798', 'MoA'],
      ['H3N8V5R2TB', 'N0000175430', 'EPC'],
      ['H3N8V5R2TB', 'N0000175429', 'MoA'],
      ['H3N8V5R2TB', 'N0000009909', 'PE'],
      ['H3N8V5R2TB', 'N0000007726', 'CS'],
      ['Z9W4Y6J1LC', 'N0000175556', 'EPC'],
      ['Z9W4Y6J1LC', 'N0000000161', 'MoA'],
    ]);
    expect(rows[0]).toMatchObject({
      substance_name: 'ZOLVERAKIZUMAB',
      class_name: 'Interleukin-23 Antagonist',
      class_key: 'interleukin-23 antagonist|N0000192799',
      version: 1,
      effective_date: '2025-01-01',
    });
  });

  it('refuses a malformed SPL naming its member, and reads the version window from update names', async () => {
    await expect(all(labelParser, Buffer.from('<document><id root="x"/>'))).rejects.toThrow(/\(xml\)/);
    expect(readBundleVersion({ name: 'dm_spl_daily_update_06102025.zip', parents: [], head: Buffer.alloc(0) })).toEqual(
      {
        publisherVersion: 'dm_spl_daily_update_06102025',
        effectiveFrom: '2025-06-10',
        effectiveTo: null,
        method: 'file_name',
      },
    );
    expect(
      readBundleVersion({ name: 'dm_spl_release_human_rx_part1.zip', parents: [], head: Buffer.alloc(0) }).method,
    ).toBe('none');
    expect(classOfDisplayName('Plain Name')).toEqual({ name: 'Plain Name', type: null });
  });
});

describeWithSamples('DailyMed SPL (real samples: openFDA test inputs)', samplePath('nlm_dailymed_spl'), () => {
  it('reads the haloperidol label (no document title, old non-PLR layout) with its four key sections', async () => {
    const rows = await all<LabelRow>(labelParser, fs.readFileSync(samplePath('nlm_dailymed_spl', 'no-title.xml')));
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(r).toMatchObject({
      set_id: '0027b8a3-73bf-4005-a7e3-b035f451a861',
      document_id: '0027b8a3-73bf-4005-a7e3-b035f451a861',
      version: 1,
      effective_date: '2010-07-28',
      title: null,
      labeler: 'Contract Pharmacy Services-PA',
      labeler_duns: '945429777',
      has_boxed_warning: true,
      has_indications: true,
      has_dosage_and_administration: true,
      has_contraindications: true,
    });
    expect(r.sections.boxed_warning!.text).toMatch(/^WARNING\nIncreased Mortality in Elderly Patients/);
    expect(r.sections.boxed_warning!.text).toContain('(see WARNINGS).');
    expect(r.sections.indications!.title).toBe('INDICATIONS AND USAGE');
    expect(r.products[0]).toMatchObject({ product_ndc: '67046-268', name: 'Haloperidol', dosage_form: 'TABLET' });
    expect(r.products[0]!.ingredients[0]).toMatchObject({
      name: 'HALOPERIDOL',
      unii: 'J6292F8L3D',
      active: true,
      strength: '5 mg',
    });
    expect(r.products[0]!.package_ndcs).toContain('67046-268-30');
    expect(r.section_codes).toEqual(expect.arrayContaining(['34066-1', '34067-9', '34068-7', '34070-3', '48780-1']));
  });

  it('reads the tildrakizumab class indexing SPL: EPC and MoA for its UNII', async () => {
    const rows = await all<PharmClassRow>(
      pharmClassParser,
      fs.readFileSync(samplePath('nlm_dailymed_spl', '4ad64379-4281-4d60-bf5f-655931ceba13.xml')),
    );
    expect(rows.map((r) => [r.unii, r.substance_name, r.class_code, r.class_name, r.class_type])).toEqual([
      ['DEW6X41BEK', 'TILDRAKIZUMAB', 'N0000192799', 'Interleukin-23 Antagonist', 'EPC'],
      ['DEW6X41BEK', 'TILDRAKIZUMAB', 'N0000192798', 'Interleukin-23 Antagonists', 'MoA'],
    ]);
    expect(rows[0]).toMatchObject({ set_id: '9324733b-5201-4981-b4a1-18f43f022210', effective_date: '2018-06-04' });
    // The class indexing SPL is not a label.
    expect(
      await all<LabelRow>(
        labelParser,
        fs.readFileSync(samplePath('nlm_dailymed_spl', '4ad64379-4281-4d60-bf5f-655931ceba13.xml')),
      ),
    ).toEqual([]);
  });
});
