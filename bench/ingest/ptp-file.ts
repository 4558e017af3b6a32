import * as fs from 'node:fs';
import { Rng } from '../../tests/reliability/helpers/prng';

/**
 * A synthetic NCCI PTP practitioner file in the publisher's own layout (see
 * /work/shared/data/publisher/cms_ncci_ptp/ccipra-v322r0-f1.TXT and shared/datasets/cms_ncci_ptp/ptp.ts):
 * windows-1252 text, CRLF, tab-delimited; a copyright line, a title line, the header wrapped over
 * four lines, then edits grouped by column 1. Rows are drawn from a seeded generator,
 * so the same row count always gives the same bytes (and the same sha256).
 */
const PREAMBLE = [
  'CPT only copyright 2025 American Medical Association.  All rights reserved.\t\t\t\t\t\t',
  'Column1/Column2 Edits\t\t\t\t\t\t',
  'Column 1\tColumn 2\t*=in existence\tEffective\tDeletion\tModifier\tPTP Edit Rationale',
  '\t\tprior to 1996\tDate\tDate\t0=not allowed\t',
  '\t\t\t\t*=no data\t1=allowed\t',
  '\t\t\t\t\t9=not applicable\t',
];

/** Rationales as the real files print them (the four in the sample plus others CMS uses). */
const RATIONALES = [
  'CPT Manual or CMS manual coding instruction',
  'Misuse of Column Two code with Column One code',
  'Mutually exclusive procedures',
  'Standards of medical/surgical practice',
  'More extensive procedure',
  'HCPCS/CPT procedure code definition',
  'CPT separate procedure definition',
  'Anesthesia service included in surgical procedure',
  'Laboratory panel',
  'Sequential procedure',
];

/** Effective dates seen in the real files: quarter starts from 1996 on. */
const EFFECTIVE = Array.from({ length: 30 }, (_, y) => [1, 4, 7, 10].map((m) => `${1996 + y}${pad(m, 2)}01`)).flat();

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

/** The n-th code of an ascending 5-character code space: CPT 0xxxx-9xxxx, then 0001T-style, then HCPCS A-V. */
function codeAt(n: number): string {
  if (n < 100_000) return pad(n, 5);
  const m = n - 100_000;
  if (m < 10_000) return `${pad(m, 4)}T`;
  const h = m - 10_000;
  return `${String.fromCharCode(65 + (Math.floor(h / 10_000) % 22))}${pad(h % 10_000, 4)}`;
}

/**
 * Write `rows` edits to `file`; returns the byte size. Each column-1 code gets 40-160 column-2
 * codes (real files hold ~100 per code), grouped by column 1 as the real files are. `codeSpace`
 * wraps the codes around after that many (a real table names ~20,000 distinct codes, so its change
 * record's `affected_codes` stays far below DynamoDB's item size; 10 M rows unwrapped would name
 * ~300,000); without it the codes only grow (the bytes of earlier runs, same sha256).
 */
export function writePtpFile(file: string, rows: number, seed = 322, codeSpace = Number.POSITIVE_INFINITY): number {
  const rng = new Rng(seed); // mulberry32: the same rows for the same seed, byte for byte
  const rand = () => rng.next();
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  const flush = (s: string) => {
    const buf = Buffer.from(s, 'latin1');
    fs.writeSync(fd, buf);
    bytes += buf.length;
  };
  try {
    flush(PREAMBLE.map((l) => `${l}\r\n`).join(''));
    let written = 0;
    let col1 = 100;
    let chunk = '';
    while (written < rows) {
      // Column 2 runs up to ~1,010 codes past column 1.
      if (col1 + 1100 >= codeSpace) col1 = 100;
      const perCode = 40 + Math.floor(rand() * 120);
      let col2 = col1 + 1 + Math.floor(rand() * 50);
      const c1 = codeAt(col1);
      for (let k = 0; k < perCode && written < rows; k++, written++) {
        const r = rand();
        const prior = r < 0.15 ? '*' : '';
        const eff = EFFECTIVE[Math.floor(rand() * EFFECTIVE.length)]!;
        const del = r < 0.6 ? '*' : `${Number(eff.slice(0, 4)) + 1 + Math.floor(rand() * 3)}1231`;
        const mod = r < 0.3 ? '0' : r < 0.95 ? '1' : '9';
        const why = RATIONALES[Math.floor(rand() * rand() * RATIONALES.length)]!;
        chunk += `${c1}\t${codeAt(col2)}\t${prior}\t${eff}\t${del}\t${mod}\t${why}\r\n`;
        col2 += 1 + Math.floor(rand() * 6);
        if (chunk.length > 1 << 20) {
          flush(chunk);
          chunk = '';
        }
      }
      col1 += 1 + Math.floor(rand() * 3);
    }
    flush(chunk);
  } finally {
    fs.closeSync(fd);
  }
  return bytes;
}

/** Rows needed for about `bytes` of file (rows average 69.2 bytes). */
export function rowsForBytes(bytes: number): number {
  return Math.round(bytes / 69.2);
}
