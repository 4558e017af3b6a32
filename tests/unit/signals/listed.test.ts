import { hasMatchInput, type ListedSignal, listedSignal, type SignalRow } from '../../../shared/signals/signal-rows';

const row: SignalRow = {
  signal_id: 'chicago_building_permits:1',
  source_id: 'chicago_building_permits',
  filing_id: '1',
  state: 'IL',
  city: 'CHICAGO',
  address: '1200 N LAKE SHORE DR',
  zip: null,
  named_party: 'LAKESHORE GENERAL HOSPITAL',
  category: 'expansion',
  published_type: null,
  status: null,
  description: 'TOWER',
  value_usd: 1,
  filed_date: null,
  issued_date: null,
  approved_date: null,
  latest_date: null,
  health_rule: [],
  merged_from: [],
  source_row: { big: 'x'.repeat(100) },
  locator: { line: 1, record: 1 },
};

describe('listed signals', () => {
  it('hold the match inputs (a null ZIP included) but not the published row', () => {
    const l = listedSignal(row);
    expect(l).toMatchObject({ named_party: 'LAKESHORE GENERAL HOSPITAL', address: '1200 N LAKE SHORE DR', zip: null });
    expect(l).not.toHaveProperty('source_row');
    expect(hasMatchInput(l)).toBe(true);
  });

  it('tells an item written before the match inputs were added, so the signal is read by id', () => {
    const { named_party: _n, address: _a, zip: _z, ...old } = listedSignal(row);
    expect(hasMatchInput(old as ListedSignal)).toBe(false);
  });
});
