import * as fs from 'node:fs';
import * as path from 'node:path';
import { getSource, mapFile } from '../../../shared/sources/registry';
import { describeWithSamples, SAMPLES_DIR } from '../../helpers/samples';

/** Real publisher file names (../shared/data/publisher) map to the documents the registry declares. */
const EXPECTED: Record<string, Record<string, string | null>> = {
  // HCPCS, DMEPOS and the NCCI tables: shared/datasets/<source_id>/source.test.ts.
  cms_mcd: { 'lcd_x_hcpc_code.csv': 'mcd:2', 'contractor.csv': 'mcd:9', 'readme_first.txt': null },
  medicaid_nadac: { 'NADAC.csv': 'nadac:1' },
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

  it('reads the NADAC as-of date from the renamed file content', () => {
    const head = fs.readFileSync(path.join(SAMPLES_DIR, 'medicaid_nadac', 'NADAC.csv')).subarray(0, 64 * 1024);
    const m = mapFile(getSource('medicaid_nadac')!, { name: 'NADAC.csv', parents: [], head });
    expect(m.reading).toMatchObject({ publisherVersion: '2026-04-29', method: 'content' });
  });
});
