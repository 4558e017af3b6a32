import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { LicenseRow } from '../../providers/licenses/rows';
import { findByLocator } from '../../publishers/common/locator';
import { waParser } from './parser';

async function all(bytes: Buffer): Promise<LicenseRow[]> {
  const out: LicenseRow[] = [];
  for await (const r of waParser.parse(bytes)) out.push(r);
  return out;
}

// No real sample of the WA credential export is held (PROVENANCE.md): no conformance test.
describe('WA DOH credential export', () => {
  it('reads a row per credential by header name, an undated action row per flagged credential', async () => {
    const bytes = fs.readFileSync(fixturePath('state_licenses_wa', '2025-06-01/rows.csv'));
    const rows = await all(bytes);
    expect(rows.filter((r) => r.kind === 'license')).toHaveLength(14);
    const flagged = rows.filter((r) => r.has_public_action);
    expect(flagged.map((r) => r.kind)).toEqual(['license', 'action']);
    expect(flagged[1]).toMatchObject({ action_date: null, status: null, state: 'WA' });
    const md = rows[0]!;
    expect(md).toMatchObject({
      license_number: 'MD60000000',
      license_key: 'WA#MD60000000',
      profession: 'physician',
      last_name: 'ABERNATHY',
      status: 'ACTIVE',
      first_issue_date: '2000-01-01',
      npi: null,
    });
    expect(rows.find((r) => r.license_type?.startsWith('Osteopathic'))!.profession).toBe('osteopathic_physician');
    expect(rows.find((r) => r.license_type?.startsWith('Massage'))!.profession).toBe('other');
    expect(await findByLocator(waParser, bytes, rows[4]!.locator)).toEqual(rows[4]);
  });

  it('names a missing column', async () => {
    await expect(all(Buffer.from('LastName,Status\nX,ACTIVE\n'))).rejects.toThrow(/CredentialNumber/);
  });
});
