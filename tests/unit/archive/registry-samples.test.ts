import * as fs from 'node:fs';
import * as path from 'node:path';
import { getSource, mapFile } from '../../../shared/sources/registry';
import { describeWithSamples, SAMPLES_DIR } from '../../helpers/samples';

/** Real publisher file names (../shared/data/publisher) map to the documents the registry declares. */
const EXPECTED: Record<string, Record<string, string | null>> = {
  cms_hcpcs_level2: {
    'HCPC2019_CONTR_ANWEB.txt': 'hcpcs:1',
    'HCPC2018_CONTR_ANWEB_disc.txt': 'hcpcs:1',
    'HCPC2019_README.txt': null,
    'HCPCS2019_recordlayout.txt': null,
  },
  cms_dmepos_fee_schedule: {
    'DMEPOS_JAN.csv': 'dmepos:1',
    'DMEPEN_JAN.csv': 'dmepos:2',
    'DMEPEN_JAN.txt': null,
    'DME Rural ZIP Code Quarter 1, 2025.csv': 'dmepos:3',
  },
  cms_ncci_mue: { 'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv': 'mue:1' },
  cms_ncci_ptp: { 'ccipra-v322r0-f1.TXT': 'ptp:1' },
  cms_mcd: { 'lcd_x_hcpc_code.csv': 'mcd:2', 'contractor.csv': 'mcd:9', 'readme_first.txt': null },
  medicaid_nadac: { 'NADAC.csv': 'nadac:1' },
  oig_leie: { 'UPDATED.csv': 'leie:1' },
};

describeWithSamples('registry against the real publisher samples', SAMPLES_DIR, () => {
  const rows = Object.entries(EXPECTED).flatMap(([s, files]) =>
    Object.entries(files).map(([f, d]) => [s, f, d] as const),
  );

  it.each(rows)('%s %s -> %s', (sourceId, name, docId) => {
    const file = path.join(SAMPLES_DIR, sourceId, name);
    const head = fs.readFileSync(file).subarray(0, 64 * 1024);
    const m = mapFile(getSource(sourceId)!, { name, parents: [], head });
    expect(m.docId).toBe(docId);
    if (docId && sourceId !== 'cms_mcd' && sourceId !== 'oig_leie') expect(m.reading.publisherVersion).not.toBeNull();
  });

  it('reads the DMEPOS year from the title lines inside the file', () => {
    const name = 'DMEPOS_JAN.csv';
    const head = fs.readFileSync(path.join(SAMPLES_DIR, 'cms_dmepos_fee_schedule', name)).subarray(0, 64 * 1024);
    const m = mapFile(getSource('cms_dmepos_fee_schedule')!, { name, parents: [], head });
    expect(m.reading).toEqual({
      publisherVersion: 'JAN 2025',
      effectiveFrom: '2025-01-01',
      effectiveTo: '2025-03-31',
      method: 'content',
    });
  });

  it('reads the NADAC as-of date from the renamed file content', () => {
    const head = fs.readFileSync(path.join(SAMPLES_DIR, 'medicaid_nadac', 'NADAC.csv')).subarray(0, 64 * 1024);
    const m = mapFile(getSource('medicaid_nadac')!, { name: 'NADAC.csv', parents: [], head });
    expect(m.reading).toMatchObject({ publisherVersion: '2026-04-29', method: 'content' });
  });
});
