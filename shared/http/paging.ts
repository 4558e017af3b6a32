import { z } from '@hono/zod-openapi';
import type { QueryOptions, Table } from '../storage/table';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

/** limit/offset query parameters shared by every list endpoint. */
export const PageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`, example: DEFAULT_LIMIT }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .default(0)
    .openapi({ description: 'Number of items to skip.', example: 0 }),
});
export type PageParams = z.infer<typeof PageQuery>;

export interface Page<T> {
  items: T[];
  limit: number;
  offset: number;
  next_offset: number | null;
  total: number | null;
}

/** The page envelope schema for an item schema. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      limit: z.number().int(),
      offset: z.number().int(),
      next_offset: z.number().int().nullable().openapi({ description: 'Offset of the next page; null at the end.' }),
      total: z.number().int().nullable().openapi({ description: 'Total items, or null where counting is not cheap.' }),
    })
    .openapi(name);
}

/** Page an in-memory list that is already in its final order (which must end on a unique key). */
export function pageArray<T>(all: readonly T[], p: PageParams): Page<T> {
  const items = all.slice(p.offset, p.offset + p.limit);
  const end = p.offset + items.length;
  return { items, limit: p.limit, offset: p.offset, next_offset: end < all.length ? end : null, total: all.length };
}

/**
 * Page one table partition in sort-key order (sort keys are unique within a partition, so pages
 * never repeat or skip). Reads offset+limit+1 items to learn whether another page exists.
 */
export async function pageTable<T>(
  table: Table,
  pk: string,
  p: PageParams,
  map: (item: Record<string, unknown>) => T,
  opts: Omit<QueryOptions, 'limit' | 'cursor'> & { withTotal?: boolean } = {},
): Promise<Page<T>> {
  const { withTotal = true, ...query } = opts;
  const [{ items }, total] = await Promise.all([
    table.query(pk, { ...query, limit: p.offset + p.limit + 1 }),
    withTotal ? table.count(pk, query) : Promise.resolve(null),
  ]);
  const slice = items.slice(p.offset, p.offset + p.limit);
  const hasMore = items.length > p.offset + p.limit;
  return {
    items: slice.map(map),
    limit: p.limit,
    offset: p.offset,
    next_offset: hasMore ? p.offset + slice.length : null,
    total,
  };
}
