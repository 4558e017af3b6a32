import { MAX_CHUNK, toChunks } from '../../../shared/publishers/common/bytes';
import { csvRecords, readCsv } from '../../../shared/publishers/common/csv';
import { parseDate } from '../../../shared/publishers/common/dates';
import { PublisherFormatError } from '../../../shared/publishers/common/errors';
import { type PhysicalLine, readLineBatches } from '../../../shared/publishers/common/lines';
import type { Encoding } from '../../../shared/publishers/common/types';
import { publicDescriptor } from '../../../shared/publishers/common/values';
import { chunked } from './helpers';

async function lines(input: Buffer | Buffer[], enc: Encoding = 'utf-8'): Promise<PhysicalLine[]> {
  const out: PhysicalLine[] = [];
  for await (const batch of readLineBatches(input, enc)) out.push(...batch);
  return out;
}

async function records(text: string, chunk = 3) {
  const out: { fields: string[]; line: number; lastLine: number; end: number }[] = [];
  for await (const r of csvRecords(chunked(Buffer.from(text, 'utf8'), chunk), 'utf-8', 'test')) out.push(r);
  return out;
}

describe('readLineBatches', () => {
  it('numbers lines from 1, reports CRLF and LF endings, and keeps a last line without terminator', async () => {
    const got = await lines(Buffer.from('a\r\nb\nc'));
    expect(got).toEqual([
      { text: 'a', line: 1, eol: '\r\n', end: 3 },
      { text: 'b', line: 2, eol: '\n', end: 5 },
      { text: 'c', line: 3, eol: '', end: 6 },
    ]);
  });

  it('gives the same lines whatever the chunking, including a UTF-8 character split across chunks', async () => {
    const buf = Buffer.from('caf\u00e9\r\nna\u00efve line\n\u2013 dash\r\n', 'utf8');
    const whole = await lines(buf);
    expect(await lines(chunked(buf, 1))).toEqual(whole);
    expect(whole.map((l) => l.text)).toEqual(['caf\u00e9', 'na\u00efve line', '\u2013 dash']);
  });

  it('decodes Windows-1252 (0x96 is an en dash) and Latin-1 byte for byte', async () => {
    const buf = Buffer.from([0x41, 0x96, 0x42, 0xae, 0x0a]);
    expect((await lines(buf, 'windows-1252'))[0]!.text).toBe('A\u2013B\u00ae');
    expect((await lines(buf, 'latin1'))[0]!.text).toBe('A\u0096B\u00ae');
  });

  it('strips a UTF-8 BOM and then decodes as UTF-8 even when Windows-1252 was declared', async () => {
    const buf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('h\u00e9\n', 'utf8')]);
    expect((await lines(buf, 'windows-1252'))[0]!.text).toBe('h\u00e9');
  });
});

describe('readCsv', () => {
  it('keeps a quoted line break exactly (bare LF inside a CRLF file) and reports the first and last line', async () => {
    const got = await records('"HCPCS/\nCPT Code",Values,"MAI"\r\n0001U,1,"2 Date of Service Edit: Policy"\r\n');
    expect(got[0]).toEqual({ fields: ['HCPCS/\nCPT Code', 'Values', 'MAI'], line: 1, lastLine: 2, end: 32 });
    expect(got[1]).toEqual({ fields: ['0001U', '1', '2 Date of Service Edit: Policy'], line: 3, lastLine: 3, end: 74 });
  });

  it('handles doubled quotes, empty quoted fields, commas inside quotes and a trailing empty field', async () => {
    const got = await records('"a ""b"", c","",x,\n');
    expect(got[0]!.fields).toEqual(['a "b", c', '', 'x', '']);
  });

  it('keeps a CRLF inside a quoted field as CRLF', async () => {
    const got = await records('1,"line one\r\nline two",2\r\n');
    expect(got[0]!.fields).toEqual(['1', 'line one\r\nline two', '2']);
  });

  it('treats a quote that does not open a field as text', async () => {
    expect((await records('ab"c,d\n'))[0]!.fields).toEqual(['ab"c', 'd']);
  });

  it('fails naming the starting line when the file ends inside a quoted field', async () => {
    await expect(records('ok,1\n"never closed,2\nmore\n')).rejects.toThrow(/line 2: file ends inside a quoted field/);
  });

  it('splits on another delimiter when asked', async () => {
    const out: string[][] = [];
    for await (const batch of readCsv(readLineBatches(Buffer.from('a\tb\t\n'), 'utf-8'), { delimiter: '\t' })) {
      out.push(...batch.map((r) => r.fields));
    }
    expect(out).toEqual([['a', 'b', '']]);
  });
});

describe('parseDate', () => {
  it.each([
    ['20250515', '2025-05-15'],
    ['2025-09-23 19:55:07.497000000', '2025-09-23'],
    ['2024-02-29', '2024-02-29'],
    ['05/23/2005', '2005-05-23'],
    ['7/8/2016', '2016-07-08'],
  ])('%s is %s', (raw, iso) => expect(parseDate(raw, 't', 1)).toBe(iso));

  it('reads the documented sentinels and empty fields as none', () => {
    expect(parseDate('00000000', 't', 1)).toBeNull();
    expect(parseDate('  ', 't', 1)).toBeNull();
    expect(parseDate('*', 't', 1, ['*'])).toBeNull();
  });

  it.each(['20250230', '2023-02-29', '170401', '13/01/2025', 'soon'])('rejects %s with a format error', (raw) => {
    expect(() => parseDate(raw, 'p', 7)).toThrow(PublisherFormatError);
    expect(() => parseDate(raw, 'p', 7)).toThrow(/line 7/);
  });
});

describe('publicDescriptor', () => {
  it('drops the descriptor of CPT-shaped codes and keeps Level II text', () => {
    expect(publicDescriptor('95811', 'anything')).toBeNull();
    expect(publicDescriptor('0001U', 'anything')).toBeNull();
    expect(publicDescriptor('E0601', ' Cont airway pressure device ')).toBe('Cont airway pressure device');
  });
});

describe('toChunks', () => {
  it('slices a large buffer into bounded chunks without changing the lines', async () => {
    const big = Buffer.from('x'.repeat(100).concat('\n').repeat(30_000));
    const sizes: number[] = [];
    for await (const c of toChunks(big)) sizes.push(c.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_CHUNK);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(big.length);
    expect(await lines(big)).toHaveLength(30_000);
  });
});
