import { chunked } from '../../../tests/unit/publishers/helpers';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ResumePoint } from '../../publishers/common/types';
import { codeText, text } from '../../publishers/common/values';
import { type PtpRecord, ptpParser } from './ptp';

/**
 * ptp.ts reads lines of the common shape on a fast path (character tests, dates by their digits)
 * and every other line on the general path. This is the general algorithm as it was before the
 * fast path existed, applied to every line: both paths must give the same records and errors.
 */
const ID = 'cms_ncci_ptp/ptp-txt';
const CODE = /^[A-Z0-9]{5}$/;
const DATA = /^[A-Z0-9]{5}\t[A-Z0-9]{5}\t/;

function reference(file: string): PtpRecord[] {
  const out: PtpRecord[] = [];
  let started = false;
  const lines = file.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((raw, i) => {
    const s = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const line = i + 1;
    if (!DATA.test(s)) {
      if (!started || s.trim() === '') return;
      throw new PublisherFormatError(ID, line, 'not a PTP edit line');
    }
    started = true;
    const f = s.split('\t');
    const c1 = codeText(f[0]!);
    const c2 = codeText(f[1]!);
    if (!CODE.test(c1) || !CODE.test(c2)) throw new PublisherFormatError(ID, line, 'column 1 or 2 is not a code');
    const prior = (f[2] ?? '').trim();
    if (prior !== '' && prior !== '*') throw new PublisherFormatError(ID, line, `unexpected prior-1996 flag ${prior}`);
    const effective = parseDate(f[3] ?? '', ID, line);
    if (!effective) throw new PublisherFormatError(ID, line, 'empty effective date');
    const mod = (f[5] ?? '').trim();
    if (mod !== '0' && mod !== '1' && mod !== '9') {
      throw new PublisherFormatError(ID, line, `modifier indicator ${JSON.stringify(mod)} is not 0, 1 or 9`);
    }
    out.push({
      column1: c1,
      column2: c2,
      prior_1996: prior === '*',
      effective_date: effective,
      deletion_date: parseDate(f[4] ?? '', ID, line, ['*']),
      modifier_indicator: Number(mod) as 0 | 1 | 9,
      rationale: text(f[6] ?? ''),
      locator: { line, record: out.length + 1 },
    });
  });
  return out;
}

async function outcome<T>(run: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await run();
  } catch (e) {
    return { error: (e as Error).message };
  }
}

async function parsed(bytes: Buffer): Promise<PtpRecord[]> {
  const out: PtpRecord[] = [];
  for await (const r of ptpParser.parse(chunked(bytes, 37))) out.push(r);
  return out;
}

async function batched(bytes: Buffer): Promise<PtpRecord[]> {
  const out: PtpRecord[] = [];
  for await (const b of ptpParser.parseBatches!(chunked(bytes, 53))) out.push(...b);
  return out;
}

const PREAMBLE = 'CPT only copyright\t\t\t\t\t\t\r\nColumn1/Column2 Edits\t\t\t\t\t\t\r\n';
const GOOD = '0001A\t0591T\t\t20220101\t20231231\t1\tCPT Manual or CMS manual coding instruction';

/** Lines the fast path must hand to the general path, or read exactly as it would. */
const VARIANTS = [
  GOOD,
  '0001A\t0591T\t*\t20220101\t*\t0\tMutually exclusive procedures',
  '0001A\t0591T\t * \t20220101\t*\t0\tspaced prior flag',
  '0001A\t0591T\tx\t20220101\t*\t0\tbad prior flag',
  '0001A\t0591T\t\t 20220101 \t*\t1\tspaced date',
  '0001A\t0591T\t\t2022-01-01\t*\t1\tISO date',
  '0001A\t0591T\t\t00000000\t*\t1\tno effective date',
  '0001A\t0591T\t\t20220230\t*\t1\timpossible date',
  '0001A\t0591T\t\t2022010\t*\t1\tseven digits',
  '0001A\t0591T\t\t20220101\t00000000\t1\tdeletion none',
  '0001A\t0591T\t\t20220101\t\t1\tempty deletion',
  '0001A\t0591T\t\t20220101\t * \t1\tspaced star',
  '0001A\t0591T\t\t20220101\t20241399\t1\tbad deletion',
  '0001A\t0591T\t\t20220101\t*\t 1 \tspaced modifier',
  '0001A\t0591T\t\t20220101\t*\t5\tbad modifier',
  '0001A\t0591T\t\t20220101\t*\t10\ttwo-digit modifier',
  '0001A\t0591T\t\t20220101\t*\t1',
  '0001A\t0591T\t\t20220101\t*\t1\t',
  '0001A\t0591T\t\t20220101\t*\t1\t  padded rationale  ',
  '0001A\t0591T\t\t20220101\t*\t1\trationale\textra\tfields',
  '0001A\t0591T\t\t20220101\t*',
  '0001A\t0591T\t\t20220101',
  '0001A\t0591T\t',
  '0001a\t0591T\t\t20220101\t*\t1\tlower case',
  '   ',
  '',
  'trailing text line',
];

describe('PTP fast and general paths agree', () => {
  it.each(VARIANTS.map((v) => [v]))('%j', async (variant) => {
    for (const eol of ['\r\n', '\n']) {
      const file = `${PREAMBLE}${GOOD}${eol}${variant}${eol}${GOOD}${eol}`;
      const bytes = Buffer.from(file, 'latin1');
      const want = await outcome(async () => reference(file));
      expect(await outcome(() => parsed(bytes))).toEqual(want);
      expect(await outcome(() => batched(bytes))).toEqual(want);
    }
  });

  it('gives the same records in batches as one by one, and the cursor after each batch is the point after its last record', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => VARIANTS[i % 3 === 0 ? 1 : 0]!).join('\r\n');
    const bytes = Buffer.from(`${PREAMBLE}${rows}\r\n`, 'latin1');
    const points: ResumePoint[] = [];
    const one: ResumePoint = { offset: 0, line: 0, record: 0 };
    for await (const _ of ptpParser.parse(chunked(bytes, 4096), { cursor: one })) points.push({ ...one });
    const cursor: ResumePoint = { offset: 0, line: 0, record: 0 };
    const records: PtpRecord[] = [];
    let batches = 0;
    for await (const b of ptpParser.parseBatches!(chunked(bytes, 4096), { cursor })) {
      records.push(...b);
      batches++;
      expect(cursor).toEqual(points[records.length - 1]);
    }
    expect(batches).toBeGreaterThan(10);
    expect(records).toEqual(await parsed(bytes));
    expect(records).toHaveLength(3000);
  });
});
