import { compareBlock } from '../../../shared/warrant/changes';
import { block, type Fact, type Gap } from '../../../shared/warrant/schema';

const receipt = (source_id: string, doc_id: string, version_id: number): Fact['receipt'] => ({
  source_id,
  doc_id,
  version_id,
  file_id: `sha256:${'b'.repeat(64)}`,
  sha256: 'b'.repeat(64),
  file_name: 'f.csv',
  publisher_version: null,
  publisher_effective_from: null,
  publisher_effective_to: null,
  as_of_rule: 'publisher_effective_window',
  locator: { line: 2, record: 1 },
  file_url: 'http://x',
});

const SETTING: Record<string, string> = {
  'mue:1': 'practitioner',
  'mue:2': 'outpatient_hospital',
  'mue:3': 'dme_supplier',
};
const mue = (value: number, version: number, doc = 'mue:1'): Fact => ({
  kind: 'mue',
  value: { code: 'E0601', setting: SETTING[doc], mue_value: value, adjudication_indicator: 3 },
  receipt: receipt('cms_ncci_mue', doc, version),
});
const gap = (reason: Gap['reason'], doc: string | null = 'mue:1', source = 'cms_ncci_mue'): Gap => ({
  kind: 'mue',
  reason,
  detail: 'd',
  source_id: source,
  doc_id: doc,
});

describe('warrant changes: policy moves vs archive coverage', () => {
  it('the same value from another version is no change', () => {
    const c = compareBlock(block([mue(1, 10)], []), block([mue(1, 11)], []));
    expect(c).toMatchObject({ changed: false, coverage_changed: false, summary: 'no change' });
    expect(c.from.version_ids).toEqual([10]);
    expect(c.to.version_ids).toEqual([11]);
  });

  it('a value that moved is a policy change', () => {
    const c = compareBlock(block([mue(1, 10)], []), block([mue(2, 11)], []));
    expect(c).toMatchObject({ changed: true, summary: '1 changed' });
  });

  it('a fact on one side and a coverage gap on the other is coverage, not policy', () => {
    for (const reason of ['no_version_in_force', 'stale_version', 'missing_release', 'source_not_loaded'] as const) {
      const c = compareBlock(block([mue(1, 10)], []), block([], [gap(reason)]));
      expect(c.changed).toBe(false);
      expect(c.coverage_changed).toBe(true);
      expect(c.coverage).toEqual([
        { source_id: 'cms_ncci_mue', doc_id: 'mue:1', from: null, to: { reason, detail: 'd' } },
      ]);
    }
  });

  it('a fact removed while its source answered is policy', () => {
    const c = compareBlock(block([mue(1, 10)], []), block([], [gap('code_not_in_version', null)]));
    expect(c).toMatchObject({ changed: true, coverage_changed: false, summary: '1 removed' });
  });

  it('another document’s coverage gap does not explain a fact of this one while the source still answers', () => {
    const c = compareBlock(
      block([mue(1, 10), mue(4, 10, 'mue:3')], []),
      block([mue(4, 11, 'mue:3')], [gap('no_version_in_force', 'mue:2')]),
    );
    expect(c.changed).toBe(true); // mue:1's row vanished while mue:1 had no gap
  });

  it('a stale full list silences its supplements: coverage, not policy', () => {
    const leie: Fact = {
      kind: 'leie',
      value: { name: 'X', exclusion_date: '2024-01-01', exclusion_type: '1128a1', excluded_on_date: true },
      receipt: receipt('oig_leie', 'leie:2', 5),
    };
    const c = compareBlock(
      block([leie], []),
      block([], [{ kind: 'leie', reason: 'stale_version', detail: 'd', source_id: 'oig_leie', doc_id: 'leie:1' }]),
    );
    expect(c).toMatchObject({ changed: false, coverage_changed: true });
  });
});

describe('warrant changes: facts whose wording names the date', () => {
  it('a moot fee on both dates is no change, though its detail names each date', () => {
    const moot = (date: string, version: number): Fact => ({
      kind: 'fee_moot',
      value: {
        code: 'K1036',
        reasons: ['terminated'],
        status_on_date: 'terminated',
        detail: `The fee schedule rows do not apply on ${date}.`,
      },
      receipt: receipt('cms_hcpcs_level2', 'hcpcs:1', version),
    });
    const c = compareBlock(block([moot('2025-06-01', 3)], []), block([moot('2025-08-01', 4)], []));
    expect(c).toMatchObject({ changed: false, summary: 'no change' });
  });
});
