import { CHANGES_PK, changeSortKey } from '../../../shared/archive/change-record';
import { changesObservedBetween, latestVersionId, listChanges } from '../../../shared/feed/query';
import { type Harness, startHarness } from '../../helpers/harness';
import { change, seedChanges } from './fixtures';

describe('change feed query (CHANGES partition)', () => {
  let h: Harness;
  const v = (page: { items: { version_id: number }[] }) => page.items.map((c) => c.version_id);

  beforeAll(async () => {
    h = await startHarness();
    const archive = h.deps.tables.archive;
    expect(await latestVersionId(archive)).toBe(0);
    await seedChanges(
      archive,
      Array.from({ length: 12 }, (_, i) =>
        change(i + 1, new Date(Date.UTC(2025, 5, 1 + i)).toISOString(), {
          source_id: i % 3 === 0 ? 'cms_hcpcs_level2' : 'cms_ncci_mue',
          affected_codes: i % 4 === 0 ? ['E0601'] : [],
        }),
      ),
    );
    // A record written before the coverage loader filled affected_codes (and before their status).
    await archive.put({
      pk: CHANGES_PK,
      sk: changeSortKey(13),
      ...change(13, '2025-06-13T00:00:00.000Z'),
      affected_codes: undefined,
      affected_codes_status: undefined,
    });
  });
  afterAll(() => h.close());

  it('pages in version order with offset and after a cursor', async () => {
    const t = h.deps.tables.archive;
    const p1 = await listChanges(t, { limit: 5 });
    expect(v(p1)).toEqual([1, 2, 3, 4, 5]);
    expect(p1).toMatchObject({ next_offset: 5, total: null, last_version_id: 5 });
    expect(v(await listChanges(t, { limit: 5, offset: 5 }))).toEqual([6, 7, 8, 9, 10]);
    const last = await listChanges(t, { limit: 5, offset: 10 });
    expect(v(last)).toEqual([11, 12, 13]);
    expect(last.next_offset).toBeNull();
    expect(v(await listChanges(t, { limit: 3, afterVersionId: 10 }))).toEqual([11, 12, 13]);
    expect(last.items[2]?.affected_codes).toEqual([]);
    // No status stored, no codes, a document with a facts loader: its codes are not known yet.
    expect(last.items[2]?.affected_codes_status).toBe('pending');
    expect(last.items[0]?.affected_codes_status).toBe('mapped');
    expect(last.items[0]).not.toHaveProperty('pk');
    expect(await latestVersionId(t)).toBe(13);
  });

  it('pages by cursor, bound to the filters, and refuses offset with a cursor', async () => {
    const t = h.deps.tables.archive;
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listChanges(t, { limit: 2, sourceIds: ['cms_ncci_mue'], cursor });
      if (cursor) expect(page).toMatchObject({ offset: null, next_offset: null });
      seen.push(...v(page));
      cursor = page.next ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(2);
    expect(seen).toEqual([2, 3, 5, 6, 8, 9, 11, 12]);
    const first = await listChanges(t, { limit: 2, sourceIds: ['cms_ncci_mue'] });
    await expect(listChanges(t, { limit: 2, cursor: first.next! })).rejects.toMatchObject({
      issues: [expect.objectContaining({ loc: ['query', 'cursor'], type: 'stale_cursor' })],
    });
    await expect(
      listChanges(t, { limit: 2, sourceIds: ['cms_ncci_mue'], cursor: first.next!, offset: 2 }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ loc: ['query', 'offset'] })] });
  });

  it('filters by sources (one via its index, several), codes and observed_from', async () => {
    const t = h.deps.tables.archive;
    expect(v(await listChanges(t, { limit: 50, sourceIds: ['cms_hcpcs_level2'] }))).toEqual([1, 4, 7, 10]);
    expect(
      v(await listChanges(t, { limit: 2, offset: 1, sourceIds: ['cms_hcpcs_level2'], afterVersionId: 1 })),
    ).toEqual([7, 10]);
    expect(v(await listChanges(t, { limit: 50, sourceIds: ['cms_hcpcs_level2', 'cms_ncci_mue'] }))).toHaveLength(13);
    expect(v(await listChanges(t, { limit: 50, codes: ['E0601'] }))).toEqual([1, 5, 9]);
    expect(v(await listChanges(t, { limit: 50, since: new Date('2025-06-11T00:00:00Z') }))).toEqual([11, 12, 13]);
    expect(v(await listChanges(t, { limit: 50, codes: ['E0601'], since: new Date('2025-06-02T00:00:00Z') }))).toEqual([
      5, 9,
    ]);
  });

  it('reads a recent observation window newest-first without the whole history', async () => {
    const t = h.deps.tables.archive;
    const got = await changesObservedBetween(t, new Date('2025-06-09T00:00:00Z'), new Date('2025-06-11T23:59:59Z'));
    expect(got.map((c) => c.version_id)).toEqual([9, 10, 11]);
  });
});
