import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { ShortageRow } from '../../rx/shortage-rows';
import { ndcsIn, shortagesParser } from './parser';

async function all(bytes: Buffer): Promise<ShortageRow[]> {
  const out: ShortageRow[] = [];
  for await (const r of shortagesParser.parse(bytes)) out.push(r);
  return out;
}

const FIRST = fixturePath('fda_drug_shortages', 'Drugshortages-2025-11-03.csv');

describe('FDA drug shortages export', () => {
  it('reads the padded header after the empty first line, multi-line values, dates and statuses', async () => {
    const body = fs.readFileSync(FIRST);
    const rows = await all(body);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({
      shortage_key: 'amoxicillin-oral-powder-for-suspension',
      company_name: 'Northfield Pharma, Inc.',
      contact_info: '800-555-0101',
      ndc11s: ['65862007001'],
      status: 'current',
      status_published: 'Current',
      date_of_update: '2025-10-28',
      initial_posting_date: '2025-09-15',
      therapeutic_categories: ['Anti-Infective', 'Pediatric'],
      reason_for_shortage: 'Demand increase for the drug',
      locator: { line: 3, record: 1 },
    });
    expect(rows[0]!.availability_information).toBe('Limited supply.\nNext delivery expected December 2025.');
    // The multi-line record took two lines: the next starts on line 5.
    expect(rows[1]!.locator).toEqual({ line: 5, record: 2 });
    expect(rows[1]!.ndc11s).toEqual(['65862007150', '65862007101']);
    expect(rows[2]!.ndc11s).toEqual(['00093415573']);
    expect(rows[3]).toMatchObject({ ndc11s: [], ndc_unresolved: ['6332327105'] });
    expect(rows[4]).toMatchObject({ ndc11s: [], ndc_unresolved: [] });
    expect(rows[5]).toMatchObject({ status: 'to_be_discontinued', date_discontinued: '2025-11-03' });
    expect(rows[6]).toMatchObject({ status: 'resolved', resolved_note: 'Supply has returned to normal.' });
    expect(await findByLocator(shortagesParser, body, rows[5]!.locator)).toEqual(rows[5]);
  });

  it('reads NDCs only after an NDC mark, never a strength or a telephone number', () => {
    expect(ndcsIn('Tablet, 5 mg; 1234-5678-90 units')).toEqual({ ndc11s: [], unresolved: [] });
    expect(ndcsIn('Vial (NDC: 0409-4888-10, NDC 00409488820)')).toEqual({
      ndc11s: ['00409488810', '00409488820'],
      unresolved: [],
    });
  });

  it('refuses a file without the required columns, naming the line', async () => {
    await expect(all(Buffer.from('\r\nName,Status\r\n"x","Current"\r\n'))).rejects.toThrow(/line 2.*Generic Name/);
  });
});

describeWithSamples('FDA drug shortages real sample', samplePath('fda_drug_shortages'), () => {
  it('parses every record of the real export (302), each presentation with its NDC', async () => {
    const rows = await all(fs.readFileSync(samplePath('fda_drug_shortages', 'Drugshortages.csv')));
    expect(rows).toHaveLength(302);
    expect(new Set(rows.map((r) => r.shortage_key)).size).toBe(39);
    expect(rows.every((r) => r.ndc11s.length + r.ndc_unresolved.length > 0)).toBe(true);
    expect(rows[0]).toMatchObject({
      generic_name: 'Acetaminophen; Oxycodone Hydrochloride Tablet',
      company_name: 'Endo Pharmaceuticals, Inc.',
      ndc11s: ['60951060270'],
      status: 'to_be_discontinued',
      date_of_update: '2025-11-03',
    });
    const statuses = new Set(rows.map((r) => r.status));
    expect(statuses).toEqual(new Set(['current', 'to_be_discontinued']));
  });
});
