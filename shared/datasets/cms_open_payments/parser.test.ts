import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { openPaymentsParser, type PaymentRecord } from './parser';
import { readOpenPaymentsVersion } from './source';

async function all(bytes: Buffer): Promise<PaymentRecord[]> {
  const out: PaymentRecord[] = [];
  for await (const r of openPaymentsParser.parse(bytes)) out.push(r);
  return out;
}
const read = (name: string) => all(fs.readFileSync(fixturePath('cms_open_payments', name)));

describe('Open Payments detail files (cms_open_payments)', () => {
  it('general: one row per NPI-bearing record, amounts in dollars, dates ISO; hospital rows without NPI skipped', async () => {
    const rows = await read('OP_DTL_GNRL_PGYR2023_P06282024.csv');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatchObject({
      kind: 'general',
      role: 'recipient',
      npi: '1372640197',
      record_id: '900000002',
      program_year: 2023,
      payer: 'Quartzfield Pharmaceuticals Inc.',
      amount: 3500,
      date: '2023-05-02',
      nature: 'Consulting Fee',
      nct_id: null,
    });
    expect(rows[3]).toMatchObject({ npi: '1694038252', amount: 1250 });
  });

  it('research: a row per principal investigator NPI and for the recipient, with the NCT id', async () => {
    const rows = await read('OP_DTL_RSRCH_PGYR2022_P01192024.csv');
    expect(rows.map((r) => [r.record_id, r.npi, r.role, r.nct_id])).toEqual([
      ['700000001', '1372640197', 'principal_investigator', 'NCT09000002'],
      ['700000001', '1694038252', 'principal_investigator', 'NCT09000002'],
      ['700000002', '1372640197', 'principal_investigator', 'NCT08999999'],
      ['700000003', '1372640197', 'recipient', null],
    ]);
    expect(rows[0]).toMatchObject({ kind: 'research', nature: 'Research', amount: 85000 });
    expect(new Set(rows.map((r) => r.locator.record)).size).toBe(rows.length);
  });

  it('ownership: the physician NPI, amount invested and value of interest', async () => {
    const [row] = await read('OP_DTL_OWNRSHP_PGYR2022_P01192024.csv');
    expect(row).toMatchObject({ kind: 'ownership', role: 'owner', amount: 15000, value_of_interest: 22000 });
  });

  it('refuses a general file without the NPI column (program years before 2021) and labels versions by name', async () => {
    await expect(
      all(
        Buffer.from(
          'Physician_Profile_ID,Applicable_Manufacturer_or_Applicable_GPO_Making_Payment_Name,Record_ID\n1,A,2\n',
        ),
      ),
    ).rejects.toThrow(/Covered_Recipient_NPI/);
    const label = (name: string) => readOpenPaymentsVersion({ name, head: Buffer.alloc(0) } as never).publisherVersion;
    expect(label('OP_DTL_GNRL_PGYR2023_P01172025.csv')).toBe('PY2023 P2025-01-17');
  });
});
