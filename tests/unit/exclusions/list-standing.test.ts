import type { CatalogGap } from '../../../shared/catalog/in-force';
import { standingOf } from '../../../shared/state-exclusions/coverage';

const gap = (reason: string): CatalogGap => ({ source_id: 's', doc_id: 'd:1', reason, detail: '' }) as CatalogGap;

describe('how an exclusion list stands on a date (issue 24 point 5)', () => {
  it('names the gap that keeps a list from answering, stale first', () => {
    expect(standingOf(true, [])).toBe('current');
    expect(standingOf(true, [gap('stale_version')])).toBe('stale');
    expect(standingOf(false, [gap('not_loaded')])).toBe('not_loaded');
    expect(standingOf(false, [gap('missing_release')])).toBe('missing_release');
    expect(standingOf(false, [gap('ambiguous')])).toBe('ambiguous');
    expect(standingOf(true, [gap('not_loaded'), gap('stale_version')])).toBe('stale');
  });

  it('a list that covers nothing on the date is not_covering', () => {
    for (const r of ['not_archived', 'before_first_version', 'after_last_window', 'no_layout', 'no_versions']) {
      expect(standingOf(false, [gap(r)])).toBe('not_covering');
    }
  });
});
