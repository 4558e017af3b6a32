import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { LicenseRow } from '../../providers/licenses/rows';
import { nyParser } from './parser';

async function all(bytes: Buffer): Promise<LicenseRow[]> {
  const out: LicenseRow[] = [];
  for await (const r of nyParser.parse(bytes)) out.push(r);
  return out;
}

// No real sample of the OPMC export is held (PROVENANCE.md): no conformance test.
describe('New York OPMC board actions export', () => {
  it('reads one dated action per row, skips a row without a licence number', async () => {
    const rows = await all(fs.readFileSync(fixturePath('state_licenses_ny', '2025-06-01/rows.csv')));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      kind: 'action',
      state: 'NY',
      license_number: '223344',
      license_key: 'NY#223344',
      last_name: 'ALDERMAN',
      action: 'Probation',
      action_date: '2025-05-20',
      action_detail: 'Negligence on more than one occasion',
      profession: 'physician',
    });
    expect(rows[2]).toMatchObject({ profession: 'physician_assistant', license_key: 'NY#10203' });
  });
});
