import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { LicenseRow } from '../../providers/licenses/rows';
import { coParser } from './parser';

async function all(bytes: Buffer): Promise<LicenseRow[]> {
  const out: LicenseRow[] = [];
  for await (const r of coParser.parse(bytes)) out.push(r);
  return out;
}

// No real sample of the Colorado export is held (PROVENANCE.md): no conformance test.
describe('Colorado DORA licence export', () => {
  it('keeps health licences once each, an action row per case, skips other occupations', async () => {
    const rows = await all(fs.readFileSync(fixturePath('state_licenses_co', '2025-06-01/rows.csv')));
    const licences = rows.filter((r) => r.kind === 'license');
    expect(licences).toHaveLength(16);
    expect(rows.filter((r) => r.kind === 'action')).toHaveLength(13);
    expect(rows.some((r) => r.license_number.startsWith('EL'))).toBe(false);
    const twoCases = rows.filter((r) => r.license_number === 'DR.0061001');
    expect(twoCases.map((r) => [r.kind, r.action, r.action_date, r.action_detail])).toEqual([
      ['license', null, null, null],
      ['action', 'Probation', '2025-01-01', '2025-1000'],
      ['action', 'Letter of Admonition', '2024-11-12', '2024-900'],
    ]);
    expect(twoCases[0]).toMatchObject({ profession: 'physician', license_key: 'CO#DR61001', has_public_action: true });
    expect(rows.find((r) => r.license_type === 'RN')!.profession).toBe('nurse');
    // Records are numbered in the order yielded, unique.
    expect(new Set(rows.map((r) => r.locator.record)).size).toBe(rows.length);
  });
});
