import { mergeFilings } from '../../../shared/signals/merge';
import type { SignalRow } from '../../../shared/signals/signal-rows';

let record = 0;
function filing(over: Partial<SignalRow>): SignalRow {
  record++;
  return {
    signal_id: `src:${over.filing_id}`,
    source_id: 'src',
    filing_id: 'X',
    state: 'IL',
    city: 'CHICAGO',
    address: '1 N MAIN ST',
    zip: null,
    named_party: null,
    category: 'renovation',
    published_type: null,
    status: null,
    description: 'HOSPITAL REMODEL',
    value_usd: 100,
    filed_date: null,
    issued_date: null,
    approved_date: null,
    latest_date: null,
    health_rule: [],
    merged_from: [],
    source_row: { n: record },
    locator: { line: 1, record },
    ...over,
  };
}

describe('mergeFilings', () => {
  beforeEach(() => {
    record = 0;
  });

  it('merges transitively (same number, then the same project filed again); the newest is the signal, values never summed', () => {
    const rows = mergeFilings([
      filing({ filing_id: 'A', latest_date: '2024-01-01' }),
      filing({ filing_id: 'A', latest_date: '2024-02-01', value_usd: 150, description: 'HOSPITAL REMODEL REVISED' }),
      filing({
        filing_id: 'B',
        latest_date: '2023-12-01',
        address: '1 North Main Street',
        description: 'hospital  remodel',
      }),
      filing({ filing_id: 'C', latest_date: '2024-03-01', category: 'demolition' }),
    ]);
    expect(rows.map((r) => [r.filing_id, r.value_usd, r.merged_from.map((m) => [m.filing_id, m.rule])])).toEqual([
      [
        'A',
        150,
        [
          ['A', 'same_permit_number'],
          ['B', 'repeated_filing'],
        ],
      ],
      ['C', 100, []],
    ]);
  });

  it('does not merge on a missing value, a zero value, another address or another source', () => {
    const rows = mergeFilings([
      filing({ filing_id: 'A', value_usd: null }),
      filing({ filing_id: 'B', value_usd: null }),
      filing({ filing_id: 'C', value_usd: 0 }),
      filing({ filing_id: 'D', value_usd: 0 }),
      filing({ filing_id: 'E', address: '2 N MAIN ST' }),
      filing({ filing_id: 'F', source_id: 'other' }),
      filing({ filing_id: 'G' }),
    ]);
    expect(rows.map((r) => [r.filing_id, r.merged_from.length])).toEqual([
      ['A', 0],
      ['B', 0],
      ['C', 0],
      ['D', 0],
      ['E', 0],
      ['F', 0],
      ['G', 0],
    ]);
  });
});
