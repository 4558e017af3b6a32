import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { formulaParser, listingParser } from './parser';

async function all<R extends Located>(parser: PublisherParser<R>, bytes: ByteInput): Promise<R[]> {
  const out: R[] = [];
  for await (const r of parser.parse(bytes)) out.push(r);
  return out;
}

const FIRST = fixturePath('costplus_price_list', '2025-06-28/main');
const FORMULA = path.join(__dirname, 'costplus-pricing-formula.json');

describe('Cost Plus price-list listing', () => {
  it('reads money as dollars, trims text, keeps short NDCs as published with their padded reading', async () => {
    const rows = await all(listingParser, fs.readFileSync(FIRST));
    expect(rows).toHaveLength(7);
    const ator = rows.find((r) => r.slug === 'Atorvastatin-20mg-Tablet')!;
    expect(ator).toMatchObject({
      slug_key: 'atorvastatin-20mg-tablet',
      unit_price: 0.05,
      ndc11: '00093505698',
      ndc_reading: 'ndc11',
      brand_name: 'Lipitor',
      pill_nonpill: 'Pill',
    });
    expect(ator.source_row).toMatchObject({ unit_price: '$0.050', ndc: '00093505698' });
    const short = rows.find((r) => r.slug === 'Acetaminophen-500mg-Caplet')!;
    expect(short).toMatchObject({
      ndc11: null,
      ndc_reading: 'short',
      ndc_as_published: '904677361',
      ndc_candidate: '00904677361',
    });
    const vaginal = rows.find((r) => r.slug.startsWith('Estradiol-10mcg'))!;
    expect(vaginal.form).toBe('Vaginal Tablet');
    expect(vaginal.source_row.form).toBe(' Vaginal Tablet');
    expect(rows.find((r) => r.slug.startsWith('SalineNasal'))!.brand_name).toBeNull();
    expect(await findByLocator(listingParser, fs.readFileSync(FIRST), rows[3]!.locator)).toEqual(rows[3]);
  });

  it('refuses a unit price that is not a dollar amount, and an empty listing, naming the record', async () => {
    const bad = JSON.stringify({ results: [{ medication_name: 'X', slug: 'X-1mg-Tablet', unit_price: 'call us' }] });
    await expect(all(listingParser, Buffer.from(bad))).rejects.toThrow(/line 1: unit_price "call us"/);
    await expect(all(listingParser, Buffer.from('{"results": []}'))).rejects.toThrow(/empty listing/);
    await expect(all(listingParser, Buffer.from('{"results": [{"slug": "A"}]}'))).rejects.toThrow(/no medication_name/);
  });
});

describe('Cost Plus pricing formula (curated table)', () => {
  it('reads every version with its window, figures and citations; the windows do not overlap', async () => {
    const rows = await all(formulaParser, fs.readFileSync(FORMULA));
    expect(
      rows.map((r) => [r.formula_version, r.effective_from, r.effective_to, r.markup_pct, r.pharmacy_fee, r.shipping]),
    ).toEqual([
      ['costplus-2022-01', '2022-01-01', '2024-07-31', 15, 3, 5],
      ['costplus-2024-08', '2024-08-01', null, 15, 5, 5],
    ]);
    for (const r of rows) {
      expect(r.citations.length).toBeGreaterThan(0);
      for (const c of r.citations) expect(c.url).toMatch(/^https:\/\//);
    }
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.effective_to! < rows[i]!.effective_from).toBe(true);
  });
});

describeWithSamples('Cost Plus real sample', samplePath('costplus_price_list'), () => {
  it('parses the 2022-03-23 API listing whole (332 products), every price a number, one 8-digit NDC kept short', async () => {
    const rows = await all(listingParser, fs.readFileSync(samplePath('costplus_price_list', 'output-ex-001.json')));
    expect(rows).toHaveLength(332);
    expect(rows[0]).toMatchObject({
      slug: 'AbacavirLamivudine-600mg_300mg-Tablet',
      medication_name: 'Abacavir / Lamivudine',
      unit_price: 1.82,
      ndc11: '68180028806',
      brand_name: null,
    });
    expect(rows.every((r) => typeof r.unit_price === 'number' && r.unit_price > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.slug_key)).size).toBe(332);
    expect(rows.filter((r) => r.pill_nonpill === 'Pill')).toHaveLength(301);
    const short = rows.filter((r) => r.ndc_reading !== 'ndc11');
    expect(short.map((r) => [r.ndc_as_published, r.ndc_candidate])).toEqual([['93354143', '00093354143']]);
    expect(rows.some((r) => r.form === 'Vaginal Tablet' && r.source_row.form === ' Vaginal Tablet')).toBe(true);
    expect(rows.find((r) => r.slug === 'Albuterol-90mcg-Inhaler8_5g')).toMatchObject({
      pill_nonpill: 'Nonpill',
      unit_price: 27,
    });
  });
});
