import type { LoadProgressEvent } from '../shared/loads/pipeline';

/** Where progress goes: a terminal gets one line rewritten in place, anything else plain lines. */
export interface Term {
  isTTY: boolean;
  write(text: string): void;
}

export interface ProgressOptions {
  /** Milliseconds between updates: a terminal ~2 per second, plain lines (logs) every 5 s. */
  everyMs?: number;
  /** A load shorter than this shows nothing (small files finish before a line would help). */
  quietMs?: number;
  now?: () => number;
}

const MB = 1024 * 1024;

/**
 * The `npm run archive -- load` progress line on stderr, one per version being read:
 *
 *   cms_ncci_ptp v12 ccipra-v324r0-f2.TXT: 4,210,000 rows, 291.3 of 1024.0 MB (28%), 41.2 MB/s, ETA 0:17
 *
 * The rate counts only this run's bytes (a resumed load starts past 0), and the ETA is the bytes
 * left at that rate. Throttled; a version done or suspended gets its final line.
 */
export function progressLine(term: Term, opts: ProgressOptions = {}) {
  const now = opts.now ?? (() => performance.now());
  const every = opts.everyMs ?? (term.isTTY ? 500 : 5000);
  const quiet = opts.quietMs ?? 1000;
  let last = Number.NEGATIVE_INFINITY;
  let open = false;
  const show = (text: string, final: boolean) => {
    if (term.isTTY) term.write(`\r\x1b[K${text}${final ? '\n' : ''}`);
    else term.write(`${text}\n`);
    open = term.isTTY && !final;
  };
  return {
    update(p: LoadProgressEvent) {
      const final = p.phase === 'done' || p.phase === 'suspended';
      if (p.phase === 'start') {
        last = now();
        return;
      }
      if (p.elapsedMs < quiet && !(final && open)) return;
      const t = now();
      if (!final && t - last < every) return;
      last = t;
      show(formatProgress(p), final);
    },
    /** Ends a line left open on a terminal (before other output). */
    end() {
      if (open) term.write('\n');
      open = false;
    },
  };
}

export function formatProgress(p: LoadProgressEvent): string {
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? (p.bytes - p.startBytes) / MB / seconds : 0;
  const pct = p.total > 0 ? ` (${Math.min(100, Math.floor((p.bytes / p.total) * 100))}%)` : '';
  const left = p.total - p.bytes;
  const eta =
    p.phase === 'done'
      ? 'done'
      : p.phase === 'suspended'
        ? 'suspended (checkpoint stored)'
        : rate > 0 && left > 0
          ? `ETA ${clock((left / MB / rate) * 1000)}`
          : 'ETA -';
  return `  ${p.file.source_id} v${p.file.version_id} ${p.file.name}: ${p.records.toLocaleString('en-US')} rows, ${(p.bytes / MB).toFixed(1)} of ${(p.total / MB).toFixed(1)} MB${pct}, ${rate.toFixed(1)} MB/s, ${eta}`;
}

/** m:ss, or h:mm:ss past an hour. */
function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
