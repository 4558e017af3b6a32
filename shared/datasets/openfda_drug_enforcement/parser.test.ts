import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { RecallRow } from '../../rx/recall-rows';
import { enforcementParser, ndcsInText } from './parser';

async function all(bytes: Buffer): Promise<RecallRow[]> {
  const out: RecallRow[] = [];
  for await (const r of enforcementParser.parse(bytes)) out.push(r);
  return out;
}

const FIRST = fixturePath('openfda_drug_enforcement', '2026-11-02/drug-enforcement-0001-of-0001.json');

describe('NDCs printed in a recall product description', () => {
  it('reads the hyphenated 4-4-2, 5-3-2 and 5-4-1 forms (and 5-4-2) anywhere, as ndc11', () => {
    expect(ndcsInText('Tablets 0009-3124-03; caps 65862-070-30; vial 12345-6789-1; pack 00093-4155-73')).toEqual({
      ndc11s: ['00009312403', '65862007030', '12345678901', '00093415573'],
      unresolved: [],
    });
  });

  it('reads NDC-prefixed codes (NDC, NDC#, NDC:, NDCs) and 11 digits only after the mark', () => {
    expect(ndcsInText('NDC# 0409-4888-10, NDC:00409488820 and NDCs 0409-4888-30')).toEqual({
      ndc11s: ['00409488810', '00409488830', '00409488820'],
      unresolved: [],
    });
    // 11 digits before the first mark are not read (a case or lot number).
    expect(ndcsInText('Case 00409488820, NDC 0409-4888-10').ndc11s).toEqual(['00409488810']);
    expect(ndcsInText('Lot 00409488820, no mark')).toEqual({ ndc11s: [], unresolved: [] });
  });

  it('keeps an unhyphenated 10-digit code after a mark unresolved, never guessed', () => {
    expect(ndcsInText('20 mL vial NDC 6332327105')).toEqual({ ndc11s: [], unresolved: ['6332327105'] });
  });

  it('reads the lettered lists openFDA prints (`NDC a) ... and b) ...`)', () => {
    expect(ndcsInText('Distributed by X, NDC a) 0009-3124-03 and b) 0009-3447-03').ndc11s).toEqual([
      '00009312403',
      '00009344703',
    ]);
  });

  it('never reads a date, a telephone number, a strength or a longer digit run as an NDC', () => {
    expect(
      ndcsInText(
        'Exp 2027-01-31, call 1-800-555-0199 or (800) 555-0199, 250 mg/5 mL, lot 12345-678-901-2, UPC 312345678901',
      ),
    ).toEqual({ ndc11s: [], unresolved: [] });
    // A 4-3-x shape is no NDC configuration.
    expect(ndcsInText('NDC 1234-567-89')).toEqual({ ndc11s: [], unresolved: [] });
  });
});

describe('openFDA drug enforcement bulk file', () => {
  it('streams every report with its dates as ISO, structured and printed NDCs, and replays by locator', async () => {
    const body = fs.readFileSync(FIRST);
    const rows = await all(body);
    expect(rows.map((r) => r.recall_number)).toEqual([
      'D-0101-2026',
      'D-0102-2026',
      'D-0103-2025',
      'D-0104-2026',
      'D-0105-2026',
    ]);
    expect(rows[0]).toMatchObject({
      event_id: '90101',
      status: 'Ongoing',
      classification: 'Class I',
      report_date: '2026-10-15',
      recall_initiation_date: '2026-09-30',
      termination_date: null,
      recalling_firm: 'Northfield Pharma, Inc.',
      code_info: 'Lot #: NF2601, Exp 06/2027',
      more_code_info: null,
      ndc11_structured: ['65862007030', '65862007090'],
      product_ndc9_structured: ['658620070'],
      ndc11_text: ['65862007030'],
      locator: { line: 1, record: 1 },
    });
    expect(rows[0]!.openfda.substance_name).toEqual(['VELOXITRAN HYDROCHLORIDE']);
    expect(rows[1]).toMatchObject({
      ndc11_structured: [],
      ndc11_text: ['00409488810', '00409488820'],
      ndc_text_unresolved: ['6332327105'],
    });
    expect(rows[1]!.openfda.generic_name).toEqual([]);
    expect(rows[2]).toMatchObject({
      status: 'Terminated',
      termination_date: '2026-03-01',
      ndc11_text: ['12345678901'],
    });
    expect(rows[3]!.ndc11_text).toEqual(['00093415573']);
    expect(await findByLocator(enforcementParser, body, rows[3]!.locator)).toEqual(rows[3]);
  });

  it('refuses a report without a recall number, a bad date and a document without results', async () => {
    await expect(all(Buffer.from('{"meta":{},"results":[{"status":"Ongoing"}]}'))).rejects.toThrow(/recall_number/);
    await expect(
      all(Buffer.from('{"results":[{"recall_number":"D-1-2026","report_date":"2026/10/01"}]}')),
    ).rejects.toThrow(/report_date/);
    await expect(all(Buffer.from('{"meta":{}}'))).rejects.toThrow(/no array at results/);
  });
});

describeWithSamples('openFDA drug enforcement real sample', samplePath('openfda_drug_enforcement'), () => {
  it('parses the recorded API response (same record fields as the bulk file): D-609-2013', async () => {
    const rows = await all(fs.readFileSync(samplePath('openfda_drug_enforcement', 'search.0.response')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recall_number: 'D-609-2013',
      event_id: '65275',
      classification: 'Class II',
      status: 'Terminated',
      report_date: '2013-06-26',
      recall_initiation_date: '2013-06-04',
      center_classification_date: '2013-06-20',
      termination_date: '2014-04-17',
      recalling_firm: 'Pharmacia & Upjohn LLC',
      address_2: null,
      more_code_info: null,
      ndc11_text: ['00009312403', '00009344703'],
      product_ndc9_structured: expect.arrayContaining(['000093124', '000093447']),
    });
    expect(rows[0]!.ndc11_structured).toHaveLength(20);
    // Both printed NDCs are among the packages openFDA linked: a `both` match for each.
    expect(rows[0]!.ndc11_text.every((n) => rows[0]!.ndc11_structured.includes(n))).toBe(true);
    expect(rows[0]!.openfda.substance_name).toEqual(['CLINDAMYCIN PHOSPHATE']);
  });

  it('refuses the count response, which has no enforcement reports (its terms have no recall_number)', async () => {
    await expect(all(fs.readFileSync(samplePath('openfda_drug_enforcement', 'count.0.response')))).rejects.toThrow(
      /recall_number/,
    );
  });
});
