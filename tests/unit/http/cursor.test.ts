import { z } from '@hono/zod-openapi';
import { cursorBinding, readCursor, writeCursor } from '../../../shared/http/cursor';
import { ValidationError } from '../../../shared/http/errors';
import { MAX_OFFSET, pageArray } from '../../../shared/http/paging';

const State = z.strictObject({ i: z.number().int().min(1) });

/** The 400 a call throws: its one issue, which must name `cursor` (or the given parameter). */
function issueOf(fn: () => unknown, param = 'cursor') {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ValidationError);
  const issues = (thrown as ValidationError).issues;
  expect(issues).toHaveLength(1);
  expect(issues[0]!.loc).toEqual(['query', param]);
  return issues[0]!;
}

describe('page cursors (shared/http/cursor.ts)', () => {
  const list = cursorBinding('array', 'examples');

  it('round-trips its state, as an opaque base64url token', () => {
    const token = writeCursor(list, { i: 7 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readCursor(token, list, State)).toEqual({ i: 7 });
  });

  it('binds to the list and its filters: the same parts give the same binding, others not', () => {
    expect(cursorBinding('table', 'T', 'PK', { filter: { a: '1' } })).toBe(
      cursorBinding('table', 'T', 'PK', { filter: { a: '1' } }),
    );
    expect(cursorBinding('table', 'T', 'PK', { filter: { a: '1' } })).not.toBe(
      cursorBinding('table', 'T', 'PK', { filter: { a: '2' } }),
    );
  });

  it('refuses a cursor of another list with a 400 naming cursor', () => {
    const other = writeCursor(cursorBinding('array', 'resources'), { i: 7 });
    expect(issueOf(() => readCursor(other, list, State)).type).toBe('stale_cursor');
  });

  it('refuses garbage and tampered cursors with a 400 naming cursor, never anything else', () => {
    const good = writeCursor(list, { i: 7 });
    const json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      'not a cursor!',
      'abc',
      '%%%',
      Buffer.from('{"h":').toString('base64url'),
      json(null),
      json([1, 2]),
      json('text'),
      json({ i: 7 }),
      json({ h: 5, i: 7 }),
      json({ h: list, i: 'seven' }),
      json({ h: list, i: 0 }),
      json({ h: list, i: 7, extra: true }),
      json({ h: list }),
      `${good}x`.replace(/.$/, '!'),
      'A'.repeat(5000),
    ];
    for (const cursor of bad) {
      const issue = issueOf(() => readCursor(cursor, list, State));
      expect(['invalid_cursor', 'stale_cursor']).toContain(issue.type);
    }
    // A changed character of a real cursor is refused too (as garbage or as another list's).
    const flipped = good.slice(0, 3) + (good[3] === 'A' ? 'B' : 'A') + good.slice(4);
    issueOf(() => readCursor(flipped, list, State));
  });
});

describe('pageArray: cursor and offset paging of an in-memory list', () => {
  const letters = (n: number) => Array.from({ length: n }, (_, i) => `k${String(i).padStart(3, '0')}`);
  const bind = { list: 'letters', key: (s: string) => s };

  it('walks a list of more than two pages by cursor, each item exactly once', () => {
    const all = letters(23);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = pageArray(all, { limit: 5, cursor }, bind);
      expect(page.total).toBeNull();
      if (cursor) expect(page).toMatchObject({ offset: null, next_offset: null });
      seen.push(...page.items);
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(all);
  });

  it('resumes after the last item shown when items are added before it (keyed lists)', () => {
    const all = letters(10);
    const first = pageArray(all, { limit: 4 }, bind);
    expect(first).toMatchObject({ offset: 0, next_offset: 4 });
    const grown = ['a-new', ...all, 'z-new'];
    const second = pageArray(grown, { limit: 4, cursor: first.next! }, bind);
    expect(second.items).toEqual(all.slice(4, 8));
    // The last item shown is gone: the position is lost, so the cursor is refused, not guessed.
    const shrunk = all.filter((s) => s !== all[3]);
    expect(issueOf(() => pageArray(shrunk, { limit: 4, cursor: first.next! }, bind)).type).toBe('stale_cursor');
  });

  it("refuses another list's cursor", () => {
    const first = pageArray(letters(10), { limit: 4 }, bind);
    expect(
      issueOf(() => pageArray(letters(10), { limit: 4, cursor: first.next! }, { list: 'other', key: bind.key })).type,
    ).toBe('stale_cursor');
  });

  it('counts the total only when asked', () => {
    expect(pageArray(letters(10), { limit: 4 }, bind).total).toBeNull();
    expect(pageArray(letters(10), { limit: 4, include_total: 'false' }, bind).total).toBeNull();
    expect(pageArray(letters(10), { limit: 4, include_total: 'true' }, bind).total).toBe(10);
  });

  it('caps offset, says to use cursor, and refuses offset with cursor', () => {
    const all = letters(10);
    expect(issueOf(() => pageArray(all, { limit: 4, offset: MAX_OFFSET + 1 }, bind), 'offset').msg).toContain('cursor');
    expect(pageArray(all, { limit: 4, offset: MAX_OFFSET }, bind).items).toEqual([]);
    const first = pageArray(all, { limit: 4 }, bind);
    issueOf(() => pageArray(all, { limit: 4, offset: 4, cursor: first.next! }, bind), 'offset');
  });

  it('gives next_offset for offset pages and a cursor on every page that has a next', () => {
    const page = pageArray(letters(10), { limit: 4, offset: 4 }, bind);
    expect(page).toMatchObject({ offset: 4, next_offset: 8, items: letters(10).slice(4, 8) });
    expect(pageArray(letters(10), { limit: 4, cursor: page.next! }, bind).items).toEqual(letters(10).slice(8));
    expect(pageArray(letters(10), { limit: 4, offset: 8 }, bind)).toMatchObject({ next_offset: null, next: null });
  });
});
