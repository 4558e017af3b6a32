/** Shared by the in-memory lists of the approvals and Orange Book reads: text matching and offset pages. */

/** Case-insensitive substring match; an absent needle matches everything, an absent value nothing. */
export function contains(value: string | null | undefined, needle: string | undefined): boolean {
  if (needle === undefined || needle === '') return true;
  return !!value && value.toUpperCase().includes(needle.trim().toUpperCase());
}

/** One page of a list held whole: items, total, limit, offset, next_offset. */
export function pageOf<T>(all: readonly T[], q: { limit: number; offset: number }) {
  const items = all.slice(q.offset, q.offset + q.limit);
  const next = q.offset + items.length;
  return { items, total: all.length, limit: q.limit, offset: q.offset, next_offset: next < all.length ? next : null };
}
