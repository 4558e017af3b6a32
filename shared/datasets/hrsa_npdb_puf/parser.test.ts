import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { NpdbRow } from '../../providers/licenses/rows';
import { npdbParser, reportClass } from './parser';

async function all(bytes: Buffer): Promise<NpdbRow[]> {
  const out: NpdbRow[] = [];
  for await (const r of npdbParser.parse(bytes)) out.push(r);
  return out;
}

// No real sample of the public use file is held (PROVENANCE.md): no conformance test.
describe('NPDB public use file (CSV)', () => {
  it('reads every report by variable name, classes record types, keeps blank states as --', async () => {
    const rows = await all(fs.readFileSync(fixturePath('hrsa_npdb_puf', 'NPDB2506.CSV')));
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({
      seqno: '1',
      rectype: 'R',
      report_class: 'adverse_action',
      reptype: '1301',
      license_state: 'CO',
      aa_year: 2015,
      aa_class1: '1125',
    });
    expect(rows.filter((r) => r.report_class === 'malpractice_payment')).toHaveLength(21);
    expect(rows.filter((r) => r.license_state === '--')).toHaveLength(2);
    expect([reportClass('m'), reportClass('A'), reportClass('X')]).toEqual([
      'malpractice_payment',
      'adverse_action',
      'other',
    ]);
  });

  it('reads lower-case variable names and names a missing variable', async () => {
    const lower = 'seqno,rectype,reptype,origyear,licnstat\n7,P,101,2020,ny\n';
    expect((await all(Buffer.from(lower)))[0]).toMatchObject({
      license_state: 'NY',
      report_class: 'malpractice_payment',
    });
    await expect(all(Buffer.from('seqno,rectype\n1,R\n'))).rejects.toThrow(/reptype/);
  });
});
