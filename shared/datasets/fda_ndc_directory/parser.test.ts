import * as fs from 'node:fs';
import { readFixture } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { PublisherParser } from '../../publishers/common/types';
import type { NdcPackageRow, NdcProductRow } from '../../rx/ndc-directory-rows';
import {
  excludedPackageParser,
  excludedProductParser,
  finishedPackageParser,
  finishedProductParser,
  unfinishedPackageParser,
  unfinishedProductParser,
} from './parser';

async function all<R>(p: PublisherParser<R & { locator: { line: number; record: number } }>, bytes: Buffer) {
  const out: R[] = [];
  for await (const r of p.parse(bytes)) out.push(r);
  return out;
}

describe('FDA NDC Directory files (fixtures)', () => {
  it('reads finished products by column name: lists, dates, application numbers, the row as published', async () => {
    const rows = await all<NdcProductRow>(
      finishedProductParser,
      readFixture('fda_ndc_directory', '2025-07-01', 'product.txt'),
    );
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({
      product_ndc: '0071-0155',
      product_ndc9: '000710155',
      directory_file: 'finished',
      proprietary_name: 'Lipitor',
      dosage_form: 'TABLET, FILM COATED',
      routes: ['ORAL'],
      start_marketing_date: '1996-12-17',
      end_marketing_date: null,
      marketing_category: 'NDA',
      application_number: 'NDA020702',
      appl_no: '020702',
      strengths: [{ substance: 'ATORVASTATIN CALCIUM TRIHYDRATE', strength: '20', unit: 'mg/1' }],
      pharm_classes: ['HMG-CoA Reductase Inhibitor [EPC]', 'Hydroxymethylglutaryl-CoA Reductase Inhibitors [MoA]'],
      ndc_exclude_flag: 'N',
      listing_record_certified_through: '2026-12-31',
      locator: { line: 2, record: 1 },
    });
    expect(rows[0]!.source_row.APPLICATIONNUMBER).toBe('NDA020702');
    const otc = rows.find((r) => r.product_ndc === '00904-6773')!;
    expect(otc).toMatchObject({ application_number: 'M013', appl_no: null, proprietary_name_suffix: 'Extra Strength' });
    const combo = rows.find((r) => r.product_ndc === '68180-517')!;
    expect(combo.product_ndc9).toBe('681800517');
    expect(combo.strengths).toEqual([
      { substance: 'HYDROCHLOROTHIAZIDE', strength: '12.5', unit: 'mg/1' },
      { substance: 'LISINOPRIL', strength: '20', unit: 'mg/1' },
    ]);
    const bytes = readFixture('fda_ndc_directory', '2025-07-01', 'product.txt');
    expect(await findByLocator(finishedProductParser, bytes, rows[4]!.locator)).toEqual(rows[4]);
  });

  it('reads packages to ndc11 whatever the configuration, with the sample flag', async () => {
    const rows = await all<NdcPackageRow>(
      finishedPackageParser,
      readFixture('fda_ndc_directory', '2025-07-01', 'package.txt'),
    );
    expect(rows.map((r) => [r.package_code, r.ndc11])).toContainEqual(['0071-0155-23', '00071015523']);
    expect(rows.map((r) => [r.package_code, r.ndc11])).toContainEqual(['68180-517-01', '68180051701']);
    expect(rows.find((r) => r.package_code === '0069-4200-01')).toMatchObject({
      sample_package: true,
      ndc_exclude_flag: 'N',
    });
    expect(rows.find((r) => r.package_code === '00904-5085-49')).toMatchObject({ end_marketing_date: '2025-06-30' });
  });

  it('reads the unfinished (Latin-1, fewer columns) and excluded files', async () => {
    const [product] = await all<NdcProductRow>(
      unfinishedProductParser,
      readFixture('fda_ndc_directory', '2025-07-01', 'unfinished_product.txt'),
    );
    expect(product).toMatchObject({
      directory_file: 'unfinished',
      labeler_name: 'Chemische Fabrik Münster GmbH',
      proprietary_name: null,
      routes: [],
      application_number: null,
      product_type: 'BULK INGREDIENT',
    });
    const [pkg] = await all<NdcPackageRow>(
      unfinishedPackageParser,
      readFixture('fda_ndc_directory', '2025-07-01', 'unfinished_package.txt'),
    );
    expect(pkg).toMatchObject({ ndc11: '65015061225', sample_package: null, start_marketing_date: null });
    const [ex] = await all<NdcPackageRow>(
      excludedPackageParser,
      readFixture('fda_ndc_directory', '2025-07-01', 'Packages_excluded.txt'),
    );
    expect(ex).toMatchObject({ ndc11: '50090123400', directory_file: 'excluded', ndc_exclude_flag: 'E' });
    const [exp] = await all<NdcProductRow>(
      excludedProductParser,
      readFixture('fda_ndc_directory', '2025-07-01', 'Products_excluded.txt'),
    );
    expect(exp).toMatchObject({ dea_schedule: 'CIV', ndc_exclude_flag: 'E' });
  });

  it('refuses a file without the key columns, and a package code that is not a hyphenated NDC, naming the line', async () => {
    await expect(all(finishedPackageParser, Buffer.from('PRODUCTID\tPACKAGEDESCRIPTION\r\nx\ty\r\n'))).rejects.toThrow(
      /NDCPACKAGECODE/,
    );
    const bad = Buffer.from('PRODUCTID\tPRODUCTNDC\tNDCPACKAGECODE\r\na\t0071-0155\t0071015523\r\n');
    await expect(all(finishedPackageParser, bad)).rejects.toThrow(/line 2/);
  });
});

describeWithSamples('FDA NDC Directory real samples', samplePath('fda_ndc_directory'), () => {
  it('reads the three-record finished product.txt excerpt (20-column 2018 layout)', async () => {
    const rows = await all<NdcProductRow>(
      finishedProductParser,
      fs.readFileSync(samplePath('fda_ndc_directory', 'product.txt')),
    );
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.product_ndc9)).toEqual(['000694200', '000694210', '000694220']);
    expect(rows[0]).toMatchObject({
      proprietary_name: 'Viagra',
      application_number: 'NDA020895',
      appl_no: '020895',
      routes: ['ORAL'],
      strengths: [{ substance: 'SILDENAFIL CITRATE', strength: '25', unit: 'mg/1' }],
      pharm_classes: ['Phosphodiesterase 5 Inhibitor [EPC]', 'Phosphodiesterase 5 Inhibitors [MoA]'],
      ndc_exclude_flag: 'N',
      listing_record_certified_through: '2018-12-31',
    });
  });

  it('reads every row of the unfinished files (CRLF, Latin-1 labeler names)', async () => {
    const products = await all<NdcProductRow>(
      unfinishedProductParser,
      fs.readFileSync(samplePath('fda_ndc_directory', 'unfinished_product.txt')),
    );
    expect(products).toHaveLength(300);
    expect(products.every((p) => /^\d{9}$/.test(p.product_ndc9 ?? ''))).toBe(true);
    expect(products.map((p) => p.labeler_name)).toContain('Weleda A.G. Schwäbisch Gmünd, Zweigniederlassung der Weled');
    expect(new Set(products.map((p) => p.product_type))).toEqual(
      new Set(['BULK INGREDIENT', 'DRUG FOR FURTHER PROCESSING']),
    );
    const packages = await all<NdcPackageRow>(
      unfinishedPackageParser,
      fs.readFileSync(samplePath('fda_ndc_directory', 'unfinished_package.txt')),
    );
    expect(packages).toHaveLength(300);
    expect(packages[0]).toMatchObject({ package_code: '0002-0485-04', ndc11: '00002048504' });
    expect(packages[0]!.package_description).toBe('4 BOTTLE in 1 CONTAINER (0002-0485-04)  > 2000 g in 1 BOTTLE');
    expect(packages.every((p) => /^\d{11}$/.test(p.ndc11))).toBe(true);
  });
});
