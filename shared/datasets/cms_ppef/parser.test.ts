import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { ProviderEnrollmentRow } from '../../providers/enrollment-rows';
import { ppefParser } from './parser';
import { PPEF_MATCH } from './source';

async function all(bytes: Buffer): Promise<ProviderEnrollmentRow[]> {
  const out: ProviderEnrollmentRow[] = [];
  for await (const r of ppefParser.parse(bytes)) out.push(r);
  return out;
}

const FIXTURE = fixturePath('cms_ppef', 'PPEF_Enrollment_Extract_2025.01.01.csv');

describe('PPEF base file', () => {
  it('reads enrollment rows by column name: NPI, PAC ID, enrollment ID, the multiple-NPI flag, names', async () => {
    const rows = await all(fs.readFileSync(FIXTURE));
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({
      npi: '1203847565',
      pac_id: '4587001234',
      enrollment_id: 'I20100101000111',
      multiple_npi: false,
      provider_type_code: '14-11',
      last_name: 'OYELARAN',
      org_name: null,
      locator: { line: 2, record: 1 },
    });
    expect(rows[1]).toMatchObject({
      npi: '1588600019',
      pac_id: '7719001122',
      enrollment_id: 'O20090101000222',
      org_name: 'BUCKEYE INTERNAL MEDICINE GROUP LLC',
      first_name: null,
    });
    // One PAC ID, two enrollments, two NPIs: both rows flagged.
    const ohio = rows.filter((r) => r.pac_id === '8830002233');
    expect(ohio.map((r) => [r.npi, r.enrollment_id, r.multiple_npi])).toEqual([
      ['1932200029', 'O20110505000333', true],
      ['1447700034', 'O20150303000999', true],
    ]);
    expect(rows[4]!.org_name).toBe('BAY STATE HEART ASSOCIATES, PC');
  });

  it('reads an earlier layout by name: columns reordered, no MULTIPLE_NPI_FLAG (null), a GNDR_SW column ignored', async () => {
    const csv = [
      'NPI,PECOS_ASCT_CNTL_ID,ENRLMT_ID,PROVIDER_TYPE_CD,PROVIDER_TYPE_DESC,STATE_CD,FIRST_NAME,MDL_NAME,LAST_NAME,ORG_NAME,GNDR_SW',
      '1588600019,7719001122,O20090101000222,12-70,PART B SUPPLIER - CLINIC/GROUP PRACTICE,OH,,,,BUCKEYE INTERNAL MEDICINE GROUP LLC,',
    ].join('\r\n');
    const [r] = await all(Buffer.from(`\ufeff${csv}\r\n`));
    expect(r).toMatchObject({ npi: '1588600019', pac_id: '7719001122', multiple_npi: null, state: 'OH' });
  });

  it('refuses a row whose NPI is not 10 digits or whose flag is neither Y nor N, naming the line', async () => {
    const text = fs.readFileSync(FIXTURE, 'utf8');
    await expect(all(Buffer.from(text.replace('1447700034', '14477')))).rejects.toThrow(/line 5/);
    await expect(all(Buffer.from(text.replace('1447700034,Y', '1447700034,X')))).rejects.toThrow(
      /line 5.*MULTIPLE_NPI_FLAG/,
    );
  });

  it('refuses a file without the key columns', async () => {
    await expect(all(Buffer.from('NPI,ENRLMT_ID\n1588600019,O20090101000222\n'))).rejects.toThrow(/PECOS_ASCT_CNTL_ID/);
  });

  it('matches the base file of a release, not its other files', () => {
    expect(PPEF_MATCH.test('PPEF_Enrollment_Extract_2025.04.01.csv')).toBe(true);
    expect(PPEF_MATCH.test('PPEF_Reassignment_Extract_2025.04.01.csv')).toBe(false);
  });
});
