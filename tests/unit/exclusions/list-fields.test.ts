import * as fs from 'node:fs';
import { stateSources } from '../../../shared/exclusions/datasets';
import type { ExclusionRecord } from '../../../shared/exclusions/record';
import { parserFor } from '../../../shared/sources/registry';
import { LIST_FIELDS, type ListField, type StateLayout } from '../../../shared/state-exclusions/layout';
import { describeWithSamples, SAMPLES_DIR, samplePath } from '../../helpers/samples';
import { collect } from '../publishers/helpers';

const filled: Record<ListField, (r: ExclusionRecord) => boolean> = {
  npi: (r) => r.npis.length > 0,
  license_number: (r) => !!r.license_number,
  dob: (r) => !!r.dob,
  provider_type: (r) => !!r.provider_type,
};

/**
 * Issue 24 point 2: what /exclusions/state/coverage says each list carries is what its layout
 * reads from the real list: a declared field is filled on some row of the sample, an undeclared
 * field on none.
 */
describeWithSamples('the identifying fields each state layout declares, against the real lists', SAMPLES_DIR, () => {
  const cases = stateSources().flatMap((s) => {
    const dir = samplePath(s.sourceId);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .map((file) => [s.sourceId, file, parserFor(s.sourceId, file) as StateLayout | undefined] as const)
      .filter((c): c is readonly [string, string, StateLayout] => !!c[2]);
  });

  it('covers every state list a layout reads', () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  it.each(cases.map((c) => [`${c[0]}/${c[1]}`, c] as const))('%s', async (_n, [, file, layout]) => {
    const rows = await collect(layout, fs.readFileSync(samplePath(layout.sourceId, file)), { fileName: file });
    const carried = LIST_FIELDS.filter((f) => rows.some(filled[f]));
    expect([...layout.fields].sort()).toEqual([...carried].sort());
  });
});
