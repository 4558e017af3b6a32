import * as fs from 'node:fs';
import { readFixture } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { PublisherParser } from '../../publishers/common/types';
import type { DafRow } from '../../rx/approvals-rows';
import {
  applicationsParser,
  marketingStatusLookupParser,
  marketingStatusParser,
  productsParser,
  submissionsParser,
  teParser,
} from './parser';

async function all(p: PublisherParser<DafRow>, bytes: Buffer) {
  const out: DafRow[] = [];
  for await (const r of p.parse(bytes)) out.push(r);
  return out;
}
const fixture = (name: string, day = '2026-02-03') => readFixture('fda_drugsatfda', day, name);
const sample = (name: string) => fs.readFileSync(samplePath('fda_drugsatfda', name));

describe('Drugs@FDA data files (fixtures)', () => {
  it('reads applications and products by column name, 6-digit application and 3-digit product numbers', async () => {
    const apps = await all(applicationsParser, fixture('Applications.txt'));
    expect(apps.map((a) => [a.appl_no, a.appl_type, a.sponsor_name])).toContainEqual([
      '021001',
      'NDA',
      'VELOX PHARMS INC',
    ]);
    const bytes = fixture('Products.txt');
    const products = await all(productsParser, bytes);
    expect(products).toHaveLength(7);
    expect(products[1]).toMatchObject({
      table: 'products',
      appl_no: '021001',
      product_no: '001',
      form: 'TABLET;ORAL',
      strength: 'EQ 10MG BASE',
      reference_drug: '1',
      drug_name: 'ZYLOPRIN',
      active_ingredient: 'VELOXITRAN HYDROCHLORIDE',
      locator: { line: 3, record: 2 },
    });
    expect(products[1]!.source_row.DrugName).toBe('ZYLOPRIN');
    expect(await findByLocator(productsParser, bytes, products[3]!.locator)).toEqual(products[3]);
  });

  it('reads submissions (AP, TA, dates with a time), marketing status, its lookup and TE codes', async () => {
    const subs = await all(submissionsParser, fixture('Submissions.txt'));
    expect(subs.find((s) => s.appl_no === '214000')).toMatchObject({
      submission_type: 'ORIG',
      submission_no: '1',
      submission_status: 'TA',
      submission_status_date: '2025-10-01',
      review_priority: 'STANDARD',
      public_notes: expect.stringMatching(/^Tentative approval/),
    });
    const status = await all(marketingStatusParser, fixture('MarketingStatus.txt', '2026-02-10'));
    expect(status.find((s) => s.appl_no === '019500')).toMatchObject({ product_no: '001', marketing_status_id: '3' });
    const lookup = await all(marketingStatusLookupParser, fixture('MarketingStatus_Lookup.txt'));
    expect(lookup.map((l) => [l.marketing_status_id, l.marketing_status, l.appl_no])).toContainEqual([
      '4',
      'None (Tentative Approval)',
      null,
    ]);
    const te = await all(teParser, fixture('TE.txt'));
    expect(te.map((t) => [t.appl_no, t.product_no, t.te_code])).toEqual([
      ['021001', '002', 'AB'],
      ['210001', '001', 'AB'],
    ]);
  });

  it('refuses a file without the key columns and a malformed application number, naming the line', async () => {
    await expect(all(applicationsParser, Buffer.from('ApplNo\tSponsorName\r\n000004\tX\r\n'))).rejects.toThrow(
      /ApplType/,
    );
    await expect(
      all(applicationsParser, Buffer.from('ApplNo\tApplType\tSponsorName\r\n12345678\tNDA\tX\r\n')),
    ).rejects.toThrow(/line 2/);
  });
});

describeWithSamples('Drugs@FDA real samples', samplePath('fda_drugsatfda'), () => {
  it('reads every row of Applications, Products, MarketingStatus and TE (tab-delimited, CRLF)', async () => {
    const apps = await all(applicationsParser, sample('Applications.txt'));
    expect(apps).toHaveLength(300);
    expect(apps[0]).toMatchObject({
      appl_no: '000004',
      appl_type: 'NDA',
      sponsor_name: 'PHARMICS',
      public_notes: null,
    });
    const products = await all(productsParser, sample('Products.txt'));
    expect(products).toHaveLength(300);
    expect(products.every((p) => /^\d{6}$/.test(p.appl_no ?? '') && /^\d{3}$/.test(p.product_no ?? ''))).toBe(true);
    expect(products[2]).toMatchObject({
      form: 'INJECTABLE;INJECTION',
      strength: '20,000 UNITS/ML',
      drug_name: 'LIQUAEMIN SODIUM',
      active_ingredient: 'HEPARIN SODIUM',
    });
    const status = await all(marketingStatusParser, sample('MarketingStatus.txt'));
    expect(status).toHaveLength(300);
    expect(new Set(status.map((s) => s.marketing_status_id))).toEqual(new Set(['1', '3']));
    const te = await all(teParser, sample('TE.txt'));
    expect(te).toHaveLength(300);
    expect(te[0]).toMatchObject({ appl_no: '003444', product_no: '001', marketing_status_id: '1', te_code: 'AA' });
  });

  it('reads the marketing status lookup verbatim', async () => {
    const lookup = await all(marketingStatusLookupParser, sample('MarketingStatus_Lookup.txt'));
    expect(lookup.map((l) => l.marketing_status)).toEqual([
      'Prescription',
      'Over-the-counter',
      'Discontinued',
      'None (Tentative Approval)',
    ]);
  });
});
