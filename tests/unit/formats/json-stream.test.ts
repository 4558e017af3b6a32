import { Readable } from 'node:stream';
import { JsonShapeError, readJsonValueAt, scanJson, streamJsonArray } from '../../../shared/formats/json-stream';

const collect = async (source: AsyncIterable<Uint8Array>, path?: string[]) => {
  const out = [];
  for await (const e of streamJsonArray(source, { path })) out.push(e);
  return out;
};
const chunks = (b: Buffer, ...cuts: number[]) => {
  const at = [0, ...cuts, b.length];
  return Readable.from(at.slice(1).map((end, i) => b.subarray(at[i], end)));
};

describe('streaming JSON reader', () => {
  const page = Buffer.from(
    '\ufeff{"meta":{"x":[1,2]},"studies":[{"a":"é1"},{"b":[1,{"c":null}]}, 3, "s\\"q", null],"nextPageToken":"xyz"}',
  );

  it('yields the elements of an array at a path, each at its byte offset, however the bytes are cut', async () => {
    const whole = await collect(chunks(page), ['studies']);
    expect(whole.map((e) => [e.index, e.value])).toEqual([
      [0, { a: 'é1' }],
      [1, { b: [1, { c: null }] }],
      [2, 3],
      [3, 's"q'],
      [4, null],
    ]);
    // Offsets are bytes (the BOM and the two-byte é counted): the element's own text starts there.
    expect(page.subarray(whole[1]!.offset, whole[1]!.offset + 5).toString()).toBe('{"b":');
    for (let cut = 1; cut < page.length; cut++) {
      expect(await collect(chunks(page, cut, Math.min(cut + 3, page.length)), ['studies'])).toEqual(whole);
    }
    // A replay re-finds every element from its offset alone, reading no further than the element.
    for (const e of whole) expect(await readJsonValueAt(chunks(page.subarray(e.offset), 2))).toEqual(e.value);
  });

  it('reads a top-level array, and picks values outside the array', async () => {
    expect((await collect(chunks(Buffer.from('[{"id":1}, {"id":2}]'), 4))).map((e) => [e.value, e.offset])).toEqual([
      [{ id: 1 }, 1],
      [{ id: 2 }, 11],
    ]);
    const scan = await scanJson(chunks(page, 50), { path: ['studies'], pick: [['nextPageToken'], ['meta', 'x']] });
    expect(scan.count).toBe(5);
    expect(Object.fromEntries(scan.picked)).toEqual({ nextPageToken: 'xyz', 'meta.x': [1, 2] });
    // An absent pick is absent, not an error (the last page of a pageToken API has no token).
    const last = await scanJson(chunks(Buffer.from('{"studies":[]}')), {
      path: ['studies'],
      pick: [['nextPageToken']],
    });
    expect(last).toEqual({ count: 0, picked: new Map() });
  });

  it.each([
    ['', /empty document/],
    ['{"studies":[{"a":1},', /ends before its last value is complete/],
    ['{"studies":{"a":1}}', /studies is not an array/],
    ['{"results":[]}', /no array at studies/],
    ['{"studies":[1,]}', /invalid JSON/],
    ['{"studies":[]} trailing', /invalid JSON/],
    ['<html>502 Bad Gateway</html>', /invalid JSON/],
  ])('refuses %j', async (text, message) => {
    const run = scanJson(chunks(Buffer.from(text)), { path: ['studies'] });
    await expect(run).rejects.toBeInstanceOf(JsonShapeError);
    await expect(scanJson(chunks(Buffer.from(text)), { path: ['studies'] })).rejects.toThrow(message);
  });

  it('refuses picks that overlap the array path', async () => {
    await expect(streamJsonArray(Readable.from([]), { path: ['a'], pick: [['a', 'b']] }).next()).rejects.toThrow(
      /overlaps/,
    );
  });

  /**
   * Memory stays flat: checked by structure, not heap size. A generated page of 40,000 studies is
   * fed in 64 KiB chunks by a source that counts the bytes pulled; at every element yielded, the
   * bytes pulled past that element's end stay under the stream's buffer plus one chunk, whatever
   * the file's size, so elements are handed on as they are read and never gathered.
   */
  it('hands each element on within one chunk of reading it (bytes pulled vs elements yielded)', async () => {
    const CHUNK = 64 * 1024;
    const N = 40_000;
    const head = Buffer.from('{"totalCount":40000,"studies":[');
    const study = (i: number) =>
      Buffer.from(
        `${i ? ',' : ''}{"protocolSection":{"identificationModule":{"nctId":"NCT${String(i).padStart(8, '0')}","briefTitle":"Study ${i} ${'x'.repeat(i % 300)}"}}}`,
      );
    const starts: number[] = [];
    const ends: number[] = [];
    let at = head.length;
    for (let i = 0; i < N; i++) {
      const len = study(i).length;
      starts.push(at + (i ? 1 : 0));
      ends.push(at + len);
      at += len;
    }
    const tail = Buffer.from('],"nextPageToken":"NF0g5Jm"}');
    const total = at + tail.length;
    const source = { pulled: 0 };
    async function* gen(): AsyncGenerator<Buffer> {
      let pending = head;
      for (let i = 0; i < N; i++) {
        pending = Buffer.concat([pending, study(i)]);
        while (pending.length >= CHUNK) {
          source.pulled += CHUNK;
          yield pending.subarray(0, CHUNK);
          pending = pending.subarray(CHUNK);
        }
      }
      pending = Buffer.concat([pending, tail]);
      source.pulled += pending.length;
      yield pending;
    }
    let seen = 0;
    let maxAhead = 0;
    let misplaced = 0;
    for await (const e of streamJsonArray(Readable.from(gen(), { objectMode: false, highWaterMark: CHUNK }), {
      path: ['studies'],
    })) {
      if (e.index !== seen || e.offset !== starts[seen]) misplaced++; // plain checks: 40,000 expect() calls are slow
      maxAhead = Math.max(maxAhead, source.pulled - ends[seen]!);
      seen++;
    }
    expect(seen).toBe(N);
    expect(misplaced).toBe(0);
    expect(source.pulled).toBe(total);
    expect(total).toBeGreaterThan(100 * CHUNK);
    // The stream's own buffer (one chunk here) plus the chunk being parsed.
    expect(maxAhead).toBeLessThanOrEqual(2 * CHUNK);
  });
});
