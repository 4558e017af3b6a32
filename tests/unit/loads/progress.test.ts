import { formatProgress, progressLine } from '../../../scripts/load-progress';
import { recordBudget, stoppableBudget, timeBudget } from '../../../shared/loads/budget';
import type { LoadProgressEvent } from '../../../shared/loads/pipeline';

const MB = 1024 * 1024;
const file = { source_id: 'cms_ncci_ptp', doc_id: 'ptp:2', version_id: 12, sha256: 'x', name: 'ccipra-v324r0-f2.TXT' };
const event = (over: Partial<LoadProgressEvent>): LoadProgressEvent => ({
  file,
  phase: 'read',
  records: 4_210_000,
  bytes: 300 * MB,
  total: 1000 * MB,
  startBytes: 0,
  elapsedMs: 10_000,
  ...over,
});

describe('the archive load progress line', () => {
  it('shows rows, MB read of the total, this run’s MB/s and the ETA', () => {
    expect(formatProgress(event({}))).toBe(
      '  cms_ncci_ptp v12 ccipra-v324r0-f2.TXT: 4,210,000 rows, 300.0 of 1000.0 MB (30%), 30.0 MB/s, ETA 0:23',
    );
    // A resumed load counts only the bytes this run read.
    expect(formatProgress(event({ startBytes: 200 * MB }))).toMatch(/10\.0 MB\/s, ETA 1:10$/);
    expect(formatProgress(event({ bytes: 0, total: 10 * 3600 * MB, elapsedMs: 0 }))).toMatch(/ETA -$/);
    expect(formatProgress(event({ bytes: 10 * MB, total: 10_000 * MB, elapsedMs: 10_000 }))).toMatch(/ETA 2:46:30$/);
    expect(formatProgress(event({ phase: 'done', bytes: 1000 * MB }))).toMatch(/\(100%\), 100\.0 MB\/s, done$/);
    expect(formatProgress(event({ phase: 'suspended' }))).toMatch(/suspended \(checkpoint stored\)$/);
  });

  it('on a terminal rewrites one line at most twice a second, then ends it', () => {
    let t = 0;
    const out: string[] = [];
    const bar = progressLine({ isTTY: true, write: (s) => out.push(s) }, { now: () => t });
    bar.update(event({ phase: 'start', elapsedMs: 0 }));
    for (let i = 1; i <= 20; i++) {
      t = i * 100;
      bar.update(event({ elapsedMs: 1000 + t, records: i }));
    }
    expect(out.length).toBe(4); // at 500, 1000, 1500 and 2000 ms
    expect(out.every((s) => s.startsWith('\r\x1b[K') && !s.endsWith('\n'))).toBe(true);
    bar.update(event({ phase: 'done', elapsedMs: 3000 }));
    expect(out.at(-1)).toMatch(/done\n$/);
    bar.end();
    expect(out.at(-1)).toMatch(/done\n$/);
  });

  it('elsewhere writes plain lines every 5 s, and nothing for a load shorter than a second', () => {
    let t = 0;
    const out: string[] = [];
    const bar = progressLine({ isTTY: false, write: (s) => out.push(s) }, { now: () => t });
    bar.update(event({ phase: 'start', elapsedMs: 0 }));
    bar.update(event({ phase: 'done', elapsedMs: 300 }));
    expect(out).toEqual([]);
    bar.update(event({ phase: 'start', elapsedMs: 0 }));
    for (let i = 1; i <= 12; i++) {
      t = i * 1000;
      bar.update(event({ elapsedMs: t }));
    }
    expect(out.length).toBe(2);
    expect(out.every((s) => !s.includes('\r') && s.endsWith('\n'))).toBe(true);
    bar.update(event({ phase: 'done', elapsedMs: 12_500 }));
    expect(out.at(-1)).toMatch(/done\n$/);
  });
});

describe('load budgets', () => {
  it('a time budget stops once less than its reserve is left, asking the clock every 64 records', () => {
    let left = 100_000;
    let asked = 0;
    const b = timeBudget(() => {
      asked++;
      return left;
    }, 30_000);
    expect(b.exhausted(0)).toBe(false);
    left = 10_000;
    for (let i = 1; i < 64; i++) expect(b.exhausted(i)).toBe(false);
    expect(b.exhausted(64)).toBe(true);
    left = 100_000;
    expect(b.exhausted(65)).toBe(true); // sticky
    expect(asked).toBe(2);
  });

  it('a record budget and an operator stop', () => {
    expect(recordBudget(3).exhausted(2)).toBe(false);
    expect(recordBudget(3).exhausted(3)).toBe(true);
    const s = stoppableBudget();
    expect(s.exhausted(1)).toBe(false);
    s.stop();
    expect(s.exhausted(1)).toBe(true);
  });
});
