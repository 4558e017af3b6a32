import { Rng } from './prng';

const HEADER = [
  'CPT only copyright 2024 American Medical Association.  All rights reserved.\t\t\t\t\t\t',
  'Column1/Column2 Edits\t\t\t\t\t\t',
  'Column 1\tColumn 2\t*=in existence\tEffective\tDeletion\tModifier\tPTP Edit Rationale',
  '\t\tprior to 1996\tDate\tDate\t0=not allowed\t',
  '\t\t\t\t*=no data\t1=allowed\t',
  '\t\t\t\t\t9=not applicable\t',
].join('\r\n');

const RATIONALES = [
  'Standards of medical / surgical practice',
  'Mutually exclusive procedures',
  'CPT Manual or CMS manual coding instruction',
  'Misuse of Column Two code with Column One code',
  'More extensive procedure',
];

/**
 * A synthetic NCCI PTP table part in the publisher's layout (tab-separated, CRLF, the six header
 * lines, then Column 1 / Column 2 / prior-to-1996 / effective / deletion / modifier / rationale),
 * about `bytes` long, deterministic for a seed so its sha256 is stable.
 */
export function ptpPart(bytes: number, seed: number): Buffer {
  const rng = new Rng(seed);
  const chunks: string[] = [HEADER];
  let size = HEADER.length;
  let block: string[] = [];
  while (size < bytes) {
    const c1 = String(10000 + rng.int(90000));
    const c2 = rng.chance(0.2)
      ? `${'AEGJK'[rng.int(5)]}${String(rng.int(10000)).padStart(4, '0')}`
      : String(10000 + rng.int(90000));
    const effective = `${1996 + rng.int(30)}0${1 + rng.int(9)}01`;
    const deletion = rng.chance(0.8) ? '*' : `${2000 + rng.int(25)}1231`;
    const line = `\r\n${c1}\t${c2}\t${rng.chance(0.1) ? '*' : ''}\t${effective}\t${deletion}\t${rng.pick(['0', '1', '9'])}\t${rng.pick(RATIONALES)}`;
    block.push(line);
    size += line.length;
    if (block.length === 10_000) {
      chunks.push(block.join(''));
      block = [];
    }
  }
  chunks.push(block.join(''), '\r\n');
  return Buffer.from(chunks.join(''), 'latin1');
}
