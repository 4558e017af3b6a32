import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { ProviderLinkRow } from '../../providers/links-rows';
import { reassignmentParser } from './parser';
import { REASSIGNMENT_MATCH } from './source';

async function all(bytes: Buffer): Promise<ProviderLinkRow[]> {
  const out: ProviderLinkRow[] = [];
  for await (const r of reassignmentParser.parse(bytes)) out.push(r);
  return out;
}

const FIXTURE = fixturePath('cms_pecos_reassignment', 'Revalidation_Reassignment_List.csv');

describe('Revalidation Reassignment List', () => {
  it('reads individual to group rows by column name, dates MM/DD/YYYY, TBD and empty as null', async () => {
    const rows = await all(fs.readFileSync(FIXTURE));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      kind: 'reassignment',
      npi: '1203847565',
      reassignment: {
        group_pac_id: '7719001122',
        group_enrollment_id: 'O20090101000222',
        group_name: 'BUCKEYE INTERNAL MEDICINE GROUP LLC',
        group_due_date: '2026-09-30',
        group_members: 12,
        record_type: 'Reassignment',
        individual_due_date: null,
        employer_associations: 2,
      },
    });
    expect(rows[2]!.reassignment!.group_name).toBe('BAY STATE HEART ASSOCIATES, PC');
    expect(rows[3]!.reassignment!.record_type).toBe('Physician Assistant');
  });

  it('accepts the underscored header of some releases (Group Legal_Business Name) and a PAC ID column', async () => {
    const text = fs
      .readFileSync(FIXTURE, 'utf8')
      .replace('Group Legal Business Name', 'Group Legal_Business Name')
      .replace('Record Type,', 'Record Type,Individual PAC ID,')
      .replace(',Reassignment,I20100101000111,', ',Reassignment,4587001234,I20100101000111,');
    const rows = await all(Buffer.from(text.split('\n').slice(0, 2).join('\n')));
    expect(rows[0]!.reassignment).toMatchObject({
      group_name: 'BUCKEYE INTERNAL MEDICINE GROUP LLC',
      individual_pac_id: '4587001234',
    });
  });

  it('refuses a row whose Individual NPI is not 10 digits, naming the line', async () => {
    const text = fs.readFileSync(FIXTURE, 'utf8').replace('1694038252', '16940');
    await expect(all(Buffer.from(text))).rejects.toThrow(/line 4/);
  });

  it('matches the download names', () => {
    expect(REASSIGNMENT_MATCH.test('Revalidation_Reassignment_List.csv')).toBe(true);
    expect(REASSIGNMENT_MATCH.test('Revalidation_Clinic_Group_Practice_Reassignment.csv')).toBe(true);
  });
});
