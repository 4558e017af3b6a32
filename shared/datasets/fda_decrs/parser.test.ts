import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { findByLocator } from '../../publishers/common/locator';
import type { EstablishmentRow } from '../../rx/establishment-rows';
import { countryOf, decrsParser, operationsOf } from './parser';

async function all(bytes: Buffer): Promise<EstablishmentRow[]> {
  const out: EstablishmentRow[] = [];
  for await (const r of decrsParser.parse(bytes)) out.push(r);
  return out;
}

const FIRST = fixturePath('fda_decrs', '2026-11-02/drls_reg.txt');

describe('FDA DECRS drls_reg.txt', () => {
  it('reads the padded header, Windows-1252 names, the ISO-3 country, the operations, and drops the contacts', async () => {
    const body = fs.readFileSync(FIRST);
    const rows = await all(body);
    const est = rows.filter((r) => r.kind === 'establishment');
    expect(est).toHaveLength(6);
    expect(est[0]).toEqual({
      kind: 'establishment',
      fei_number: '3001234567',
      duns_number: '123456789',
      firm_name: 'Northfield Pharma, Inc.',
      address: '1 Northfield Way, Northfield, Minnesota (MN) 55057, United States (USA)',
      country_iso3: 'USA',
      country_name: 'United States',
      expiration_date: '2026-12-31',
      operations: ['MANUFACTURE', 'ANALYSIS', 'LABEL', 'PACK'],
      operation: null,
      registrant_name: 'Northfield Pharma, Inc.',
      registrant_duns: '123456789',
      excluded: false,
      locator: { line: 2, record: 1 },
    });
    expect(est[1]).toMatchObject({ firm_name: 'Laboratoires Santé SA', country_iso3: 'FRA', country_name: 'France' });
    expect(JSON.stringify(rows)).not.toMatch(/example\.com|Contact Person|Example Agent/);
    // Each operation is a row of its own, numbered after its line's establishment row.
    expect(rows.slice(1, 5).map((r) => [r.kind, r.operation, r.fei_number, r.locator])).toEqual([
      ['operation', 'MANUFACTURE', '3001234567', { line: 2, record: 2 }],
      ['operation', 'ANALYSIS', '3001234567', { line: 2, record: 3 }],
      ['operation', 'LABEL', '3001234567', { line: 2, record: 4 }],
      ['operation', 'PACK', '3001234567', { line: 2, record: 5 }],
    ]);
    const ops = new Map<string, number>();
    for (const r of rows) if (r.operation) ops.set(r.operation, (ops.get(r.operation) ?? 0) + 1);
    expect(Object.fromEntries(ops)).toEqual({
      'API MANUFACTURE': 4,
      ANALYSIS: 3,
      MANUFACTURE: 3,
      PACK: 2,
      LABEL: 1,
      'PARTICLE SIZE REDUCTION': 1,
      RELABEL: 1,
    });
    expect(await findByLocator(decrsParser, body, est[2]!.locator)).toEqual(est[2]);
  });

  it('reads the country code closing an address, and normalizes operations', () => {
    expect(countryOf('Plot 5, MIDC, Thane, Maharashtra, 400601, India (IND)')).toEqual({ iso3: 'IND', name: 'India' });
    expect(countryOf('1 Main St, Springfield')).toEqual({ iso3: null, name: null });
    expect(operationsOf(' api  manufacture;ANALYSIS; ; ANALYSIS ')).toEqual(['API MANUFACTURE', 'ANALYSIS']);
  });

  it('refuses a file without the required columns and an unreadable date, naming the line', async () => {
    await expect(all(Buffer.from('FEI_NUMBER\tFIRM_NAME\r\n1\tX\r\n'))).rejects.toThrow(/line 1.*ADDRESS/);
    const bad = ' FEI_NUMBER\tFIRM_NAME\tADDRESS\tOPERATIONS\tEXPIRATION_DATE\r\n1\tX\tY (USA)\tPACK\t31/12/2026\t\r\n';
    await expect(all(Buffer.from(bad))).rejects.toThrow(/line 2.*date/);
  });
});
