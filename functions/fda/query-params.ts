import { z } from '@hono/zod-openapi';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';

/** A case-insensitive substring filter of 2 to 200 characters. */
export const containsText = (description: string, example?: string) =>
  z
    .string()
    .trim()
    .min(2, 'at least 2 characters')
    .max(200)
    .optional()
    .openapi({ description: `${description} Case-insensitive, matches anywhere in the value.`, example });

/** `limit` and `offset` of the FDA lists (offset paging, default 0); `items` names what is skipped. */
export const offsetPaging = (items: string) => ({
  limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
    .default(DEFAULT_LIMIT)
    .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
  offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
    .default(0)
    .openapi({ description: `${items} to skip (default 0, at most ${MAX_OFFSET}).` }),
});
