import * as fs from 'node:fs';
import { Archive } from '../../../shared/archive/ingest';
import { codePk } from '../../../shared/facts/keys';
import { syncFacts } from '../../../shared/facts/pipeline';
import { type StoredFact, toStoredFact } from '../../../shared/facts/store';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';
import { describeWithSamples, samplePath } from '../../helpers/samples';

// biome-ignore lint/suspicious/noExplicitAny: response JSON walked freely in assertions
type Json = Record<string, any>;

const DIR = samplePath('cms_mcd');
/** All sample files were observed together; the dates of service below are 5 days later (fresh for a weekly source). */
const OBSERVED = new Date('2026-01-05T06:00:00Z');
const DOS = '2026-01-10';

/**
 * Hand-checked against the raw files of shared/data/publisher/cms_mcd (lcd_x_hcpc_code.csv for the
 * code, LCD id, version, code version, group and line; lcd_x_hcpc_code_group.csv for the paragraph's first words,
 * HTML dropped and references decoded).
 */
const EXPECTED = [
  { code: 'A9900', lcd: 33312, version: 40, codeVersion: '99', group: 4, line: 2, paragraph: 'MISCELLANEOUS:' },
  {
    code: 'E0953',
    lcd: 33312,
    version: 40,
    codeVersion: '99',
    group: 3,
    line: 3,
    paragraph: 'POSITIONING ACCESSORIES:',
  },
  {
    code: 'E2601',
    lcd: 33312,
    version: 40,
    codeVersion: '99',
    group: 1,
    line: 18,
    paragraph:
      'The appearance of a code in this section does not necessarily indicate coverage.\nHCPCS MODIFIERS:\nEY - No physician',
  },
  { code: 'E2611', lcd: 33312, version: 40, codeVersion: '99', group: 2, line: 28, paragraph: 'BACK CUSHIONS:' },
  {
    code: 'A4280',
    lcd: 33317,
    version: 34,
    codeVersion: '97',
    group: 1,
    line: 44,
    paragraph:
      'The appearance of a code in this section does not necessarily indicate coverage.\nHCPCS MODIFIERS:\nEY \u2013 No physician',
  },
  {
    code: 'A4467',
    lcd: 33318,
    version: 63,
    codeVersion: '99',
    group: 1,
    line: 56,
    paragraph: 'The appearance of a code in this section',
  },
  {
    code: 'A5500',
    lcd: 33369,
    version: 26,
    codeVersion: '75',
    group: 1,
    line: 106,
    paragraph: 'The appearance of a code in this section',
  },
  {
    code: 'A4216',
    lcd: 33370,
    version: 55,
    codeVersion: '99',
    group: 3,
    line: 118,
    paragraph: 'INHALATION DRUGS AND SOLUTIONS',
  },
  { code: 'A4619', lcd: 33370, version: 55, codeVersion: '99', group: 2, line: 121, paragraph: 'ACCESSORIES' },
  {
    code: 'E0565',
    lcd: 33370,
    version: 55,
    codeVersion: '99',
    group: 1,
    line: 138,
    paragraph: 'The appearance of a code in this section',
  },
  {
    code: 'A4223',
    lcd: 33610,
    version: 61,
    codeVersion: '96',
    group: 1,
    line: 204,
    paragraph: 'EY - No physician or other licensed health care provider order for this item or service\nJW - Dru',
  },
  {
    code: 'A9270',
    lcd: 33611,
    version: 25,
    codeVersion: '80',
    group: 1,
    line: 220,
    paragraph: 'The appearance of a code in this section',
  },
  {
    code: 'A4216',
    lcd: 33612,
    version: 26,
    codeVersion: '91',
    group: 1,
    line: 224,
    paragraph: 'The appearance of a code in this section',
  },
  {
    code: 'A9283',
    lcd: 33641,
    version: 21,
    codeVersion: '75',
    group: 1,
    line: 240,
    paragraph: 'The appearance of a code in this section does not necessarily indicate coverage.\nHCPCS MODIFIERS',
  },
];

describeWithSamples('MCD documentation facts from the real samples (shared/data/publisher/cms_mcd)', DIR, () => {
  let h: Harness;
  let headers: Record<string, string>;
  const rawLines = () => fs.readFileSync(samplePath('cms_mcd', 'lcd_x_hcpc_code.csv'), 'latin1').split('\n');
  const factsOf = async (code: string): Promise<StoredFact[]> =>
    (await h.deps.tables.facts.queryAll(codePk(code)))
      .map(toStoredFact)
      .filter((f) => f.source_id === 'cms_mcd' && f.kind === 'lcd');

  beforeAll(async () => {
    h = await startHarness();
    const archive = new Archive(h.deps);
    for (const name of fs.readdirSync(DIR).sort()) {
      await archive.ingest({
        sourceId: 'cms_mcd',
        name,
        body: fs.readFileSync(samplePath('cms_mcd', name)),
        origin: 'backfill',
        observedAt: OBSERVED,
      });
    }
    await syncFacts(h.deps);
    headers = (await createTestKey(h.deps, 'pro', ['warrant'])).headers;
  }, 120_000);
  afterAll(() => h.close());

  it.each(EXPECTED)('$code is listed by L$lcd v$version group $group (line $line)', async (e) => {
    const facts = await factsOf(e.code);
    const f = facts.find((x) => x.value.doc_id === e.lcd && x.value.doc_version === e.version)!;
    expect(f).toBeDefined();
    expect(f.value).toMatchObject({
      doc_type: 'lcd',
      display_id: `L${e.lcd}`,
      listed_as: e.code,
      code_group: e.group,
      coverage_meaning: 'stated_in_paragraph',
      // No lcd.csv and no contractor_jurisdiction.csv in the samples: said so, never assumed.
      revision_window: { status: 'document_table_not_archived', from: null, to: null },
      states: null,
    });
    expect(f.value.missing_tables).toEqual(expect.arrayContaining(['lcd', 'contractor_jurisdiction']));
    expect(String(f.value.code_group_paragraph).startsWith(e.paragraph)).toBe(true);
    // The receipt's row is the raw line, and the code group row travels as a related receipt.
    expect(f.origin).toMatchObject({ name: 'lcd_x_hcpc_code.csv', locator: { line: e.line } });
    const raw = rawLines()[e.line - 1]!;
    expect(raw.startsWith(`"${e.lcd}","${e.version}","${e.code}","${e.codeVersion}","${e.group}",`)).toBe(true);
    expect(f.related.some((r) => r.name === 'lcd_x_hcpc_code_group.csv')).toBe(true);
  });

  it('decodes the entities of the published HTML (doesn&rsquo;t, &nbsp;)', async () => {
    const [f] = (await factsOf('E2601')).filter((x) => x.value.doc_id === 33312);
    const text = String(f!.value.code_group_paragraph);
    expect(text).toContain('GY - Item or service statutorily excluded or doesn\u2019t meet the definition');
    expect(text).not.toMatch(/<|&[a-z]+;|\u00a0/);
  });

  it('the warrant answers the contractor-to-state gap (no contractor_jurisdiction.csv), not "code not in version"', async () => {
    const res = await h.request(`/rules/warrant?hcpcs=E2601&as_of=${DOS}&state=ND`, { headers });
    expect(res.status).toBe(200);
    const b = ((await res.json()) as Json).documentation;
    expect(b.status).toBe('gap');
    expect(b.facts).toEqual([]);
    const reasons = (b.gaps as Json[]).map((g) => g.reason);
    expect(reasons).toContain('jurisdiction_not_archived');
    expect(reasons).not.toContain('code_not_in_version');
    const gap = (b.gaps as Json[]).find((g) => g.reason === 'jurisdiction_not_archived')!;
    expect(gap.detail).toMatch(/^L33312 v40 list E2601, .*contractor_jurisdiction\.csv is not archived/);
    expect(gap.doc_id).toBe('mcd:12');
    // lcd.csv is not in the samples either: when the revision applies is unknown, so nothing is cited.
    expect((b.gaps as Json[]).find((g) => g.reason === 'revision_window_unknown')?.detail).toContain(
      'L33312 v40 (lcd.csv is not archived for this release)',
    );
  });
});
