import { z } from '@hono/zod-openapi';

/** A whole number as a query or path parameter spells it: decimal digits only, at most 16 of them. */
export const DECIMAL_DIGITS = /^\d{1,16}$/;

const MESSAGE = 'must be a whole number written in decimal digits (0-9 only)';

/**
 * An integer parameter that accepts only decimal digits: `limit=0x10`, `limit= 1 `, `1e3`, `+1`,
 * `-1` and `1.0` are 400s, where `z.coerce.number()` would read them as 16, 1, 1000, 1, -1 and 1.
 * `bounds` adds the range on the parsed number; the OpenAPI type stays `integer`.
 */
export function queryInt(bounds: (n: z.ZodNumber) => z.ZodNumber = (n) => n) {
  return z.preprocess(
    (v) => (typeof v === 'string' && DECIMAL_DIGITS.test(v) ? Number(v) : v),
    bounds(z.number({ error: MESSAGE }).int(MESSAGE)),
  );
}
