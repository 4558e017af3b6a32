import type { StoredFact } from '../../../shared/facts/store';
import { codeStatus, excludedOn, standingBlock } from '../../../shared/warrant/blocks/standing';
import type { ReceiptContext } from '../../../shared/warrant/receipt';
import type { SourceInForce } from '../../../shared/warrant/resolve';

const SHA = 'a'.repeat(64);
const ctx: ReceiptContext = { baseUrl: 'http://x', versions: new Map(), rules: new Map() };

function leieFact(docId: string, versionId: number, value: Record<string, unknown>): StoredFact {
  const origin = {
    source_id: 'oig_leie',
    doc_id: docId,
    version_id: versionId,
    sha256: SHA,
    name: 'f.csv',
    locator: { line: 2, record: 1 },
  };
  return {
    key: '1694038252',
    kind: 'leie',
    source_id: 'oig_leie',
    doc_id: docId,
    version_id: versionId,
    sha256: SHA,
    name: 'f.csv',
    value,
    origin,
    related: [],
  };
}

const leie: SourceInForce = { source_id: 'oig_leie', registered: true, docs: [] };
const hcpcs: SourceInForce = { source_id: 'cms_hcpcs_level2', registered: true, docs: [] };

describe('standing block', () => {
  it('a code is not yet added, active, or terminated by its add and term dates', () => {
    const v = { add_date: '2024-01-01', termination_date: '2025-05-15' };
    expect(codeStatus(v, '2023-12-31')).toBe('not_yet_added');
    expect(codeStatus(v, '2025-05-15')).toBe('active');
    expect(codeStatus(v, '2025-05-16')).toBe('terminated');
  });

  it('an exclusion holds from its date until a reinstatement', () => {
    expect(excludedOn({ exclusion_date: '2025-02-20', reinstatement_date: null }, '2025-02-19')).toBe(false);
    expect(excludedOn({ exclusion_date: '2025-02-20', reinstatement_date: null }, '2025-02-20')).toBe(true);
    expect(excludedOn({ exclusion_date: '2025-02-20', reinstatement_date: '2025-03-12' }, '2025-03-12')).toBe(false);
  });

  it('a reinstatement in the supplement in force ends an exclusion the full list still shows', () => {
    const facts = [
      leieFact('leie:1', 10, { exclusion_date: '2022-11-17', reinstatement_date: null }),
      leieFact('leie:3', 11, { exclusion_date: '2022-11-17', reinstatement_date: '2025-03-12' }),
    ];
    const run = (asOf: string) =>
      standingBlock({
        code: 'E0601',
        isCpt: false,
        asOf,
        npi: '1694038252',
        hcpcs,
        hcpcsFacts: [],
        leie,
        leieFacts: facts,
        ctx,
      })
        .facts.filter((f) => f.kind === 'leie')
        .map((f) => [f.receipt.doc_id, f.value.excluded_on_date]);
    expect(run('2025-03-01')).toEqual([
      ['leie:1', true],
      ['leie:3', false],
    ]);
    expect(run('2025-03-20')).toEqual([
      ['leie:1', false],
      ['leie:3', false],
    ]);
  });
});
