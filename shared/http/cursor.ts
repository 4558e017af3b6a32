import { createHash } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import { ValidationError } from './errors';

/** Longest cursor accepted (a query parameter); the service issues far shorter ones. */
export const MAX_CURSOR_CHARS = 2048;

/**
 * Opaque page cursors, one format for every paged list (table pages, in-memory lists, the change
 * feed, catalog listings): base64url of a small JSON object `{"h": binding, ...state}`. The
 * binding is a hash of what the cursor belongs to (the list, its partition, filters and order),
 * so a cursor from another list or another set of filters is a 400 naming `cursor`; the state is
 * where the next page starts (a DynamoDB LastEvaluatedKey, a position in a list, a version id).
 *
 * Cursors are not signed: no server secret is always configured, and a cursor only ever moves
 * within the list it is bound to, which the caller may read anyway. Instead every cursor is read
 * strictly: base64url, JSON, the binding, then the state against its schema (and the caller
 * checks a key lies in the list's key range); anything else is a 400 naming `cursor`, never a 500.
 */
export function cursorBinding(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function writeCursor(binding: string, state: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ h: binding, ...state })).toString('base64url');
}

/** A 400 naming `cursor`: not a cursor this service issued (garbage, tampered, cut short). */
export function invalidCursor(): ValidationError {
  return ValidationError.single('query', 'cursor', 'is not a cursor this service issued', 'invalid_cursor');
}

const STALE = 'belongs to another list or other filters: start again without it';

/**
 * The state of a cursor issued for `binding`, checked against `state` (a strict object schema).
 * `stale` overrides the message for a cursor of another list or filter set.
 */
export function readCursor<S>(cursor: string, binding: string, state: z.ZodType<S>, stale = STALE): S {
  if (cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidCursor();
  const { h, ...rest } = body as Record<string, unknown>;
  if (typeof h !== 'string') throw invalidCursor();
  if (h !== binding) throw ValidationError.single('query', 'cursor', stale, 'stale_cursor');
  const parsed = state.safeParse(rest);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}
