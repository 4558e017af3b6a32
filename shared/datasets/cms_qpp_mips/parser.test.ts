import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { findByLocator } from '../../publishers/common/locator';
import { type MipsRecord, mipsParser } from './parser';
import { readMipsVersion } from './source';

async function all(bytes: Buffer): Promise<MipsRecord[]> {
  const out: MipsRecord[] = [];
  for await (const r of mipsParser.parse(bytes)) out.push(r);
  return out;
}

const EC = fixturePath('cms_qpp_mips', 'PY2022_ec_score_file.csv');
const EXPERIENCE = fixturePath('cms_qpp_mips', '2023_QPP_Experience_PUF.csv');

describe('MIPS performance files (cms_qpp_mips)', () => {
  it('reads the Doctors and Clinicians Overall MIPS Performance layout by header name', async () => {
    const rows = await all(fs.readFileSync(EC));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({
      layout: 'pdc_ec_score',
      npi: '1372640197',
      org_pac_id: '4587123690',
      last_name: 'CASTELLANO',
      score_source: 'group',
      quality_score: 78.12,
      pi_score: 100,
      cost_score: 61.5,
      final_score: 84.44,
      final_score_without_cpb: 82.44,
      medicare_patients: null,
      file_specialty: null,
    });
    expect(rows[1]).toMatchObject({ pi_score: null, cost_score: null, final_score: 71.1 });
    expect(rows[0]!.source_row.final_MIPS_score).toBe('84.44');
    expect(await findByLocator(mipsParser, fs.readFileSync(EC), rows[3]!.locator)).toEqual(rows[3]);
  });

  it('reads the QPP Experience layout: state, specialty and Medicare patients (thousands separators)', async () => {
    const rows = await all(fs.readFileSync(EXPERIENCE));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({
      layout: 'qpp_experience',
      npi: '1000000038',
      org_pac_id: null,
      file_practice_state: 'TX',
      file_specialty: 'Internal Medicine',
      medicare_patients: 1250,
      final_score: 97.5,
      pi_score: 100,
      score_source: 'Individual',
    });
    expect(rows[5]).toMatchObject({ final_score: null, quality_score: null });
  });

  it('accepts the lower-case names of the PDC export and refuses a file without a final score column', async () => {
    const lower = Buffer.from(
      'npi,provider_last_name,provider_first_name,org_pac_id,source,quality_category_score,pi_category_score,ia_category_score,cost_category_score,final_mips_score\n1000000012,A,B,123,group,1,2,3,4,5\n',
    );
    expect((await all(lower))[0]).toMatchObject({
      npi: '1000000012',
      org_pac_id: '0000000123',
      final_score: 5,
      ia_score: 3,
    });
    await expect(all(Buffer.from('NPI,score\n1000000012,5\n'))).rejects.toThrow(/final_MIPS_score/);
    await expect(all(Buffer.from('NPI,final_MIPS_score\n12345,5\n'))).rejects.toThrow(/line 2/);
  });

  it('labels a version by the performance year in its name', () => {
    const f = (name: string) => readMipsVersion({ name, head: Buffer.alloc(0) } as never).publisherVersion;
    expect(f('PY2023_ec_score_file.csv')).toBe('PY 2023');
    expect(f('2023_QPP_Experience_PUF.csv')).toBe('PY 2023');
    expect(f('ec_score_file.csv')).toBeNull();
  });
});
