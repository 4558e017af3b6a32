import { z } from '@hono/zod-openapi';
import { parseNdc } from '../../shared/codes/ndc';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';
import { MAX_WINDOW_DAYS } from '../../shared/rx/nadac';

export const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    example: '2025-07-10',
    description:
      'Answer from the source versions in force on this date (YYYY-MM-DD; a NADAC weekly file is in force from its as-of date to the day before the next, and stale after 21 days); default today.',
  }),
});

/** An NDC in any common form, normalized to ndc11 (shared/codes/ndc.ts); an unhyphenated 10-digit code is a 400 naming its three readings. */
export const Ndc11Path = z.object({
  ndc11: z
    .string()
    .transform((s, ctx) => {
      const p = parseNdc(s);
      if (p.kind === 'ndc11') return p.ndc11;
      ctx.addIssue({
        code: 'custom',
        message:
          p.kind === 'ambiguous'
            ? `a 10-digit NDC without hyphens is ambiguous: it reads as ${p.candidates[0]} (4-4-2), ${p.candidates[1]} (5-3-2) or ${p.candidates[2]} (5-4-1), depending on which segment lost its leading zero; give the hyphenated form or the 11 digits`
            : p.reason,
      });
      return z.NEVER;
    })
    .openapi({
      param: { name: 'ndc11', in: 'path' },
      description:
        'NDC: 11 digits (5-4-2), or hyphenated 4-4-2, 5-3-2, 5-4-1 or 5-4-2; answered as `ndc11`. A 10-digit code without hyphens is ambiguous (the padding zero may belong to any segment) and is a 400 listing its three 11-digit readings.',
      example: '00071015523',
    }),
});

export const NadacSeriesQuery = z
  .object({
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Points per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    cursor: z
      .string()
      .max(40)
      .optional()
      .openapi({ description: "The previous page's `next_cursor`: the points after it." }),
  })
  .merge(AsOfQuery);

export const NadacMoversQuery = z
  .object({
    from: DateString.optional().openapi({
      description: `First day of the window (YYYY-MM-DD): moves published by weekly files dated from it. Not with \`window\`. The window is at most ${MAX_WINDOW_DAYS} days.`,
      example: '2025-07-01',
    }),
    to: DateString.optional().openapi({
      description: 'Last day of the window (default `as_of`; not after it).',
      example: '2025-07-31',
    }),
    window: z
      .string()
      .optional()
      .openapi({
        description: `Window length ending on \`to\`, in days or weeks (\`30d\`, \`4w\`; default 28d, at most ${MAX_WINDOW_DAYS} days). Not with \`from\`.`,
        example: '4w',
      }),
    direction: z
      .enum(['up', 'down', 'both'])
      .default('both')
      .openapi({ description: 'up: rises only; down: falls only; both (default): either, ranked by size.' }),
    min_pct_change: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'expected a non-negative percent, e.g. 10 or 2.5')
      .transform(Number)
      .default(0)
      .openapi({
        description: 'Smallest move kept, in percent of the previous per-unit cost, in size (default 0).',
        example: '10',
      }),
    limit: queryInt((n) => n.min(1).max(MAX_LIMIT))
      .default(DEFAULT_LIMIT)
      .openapi({ description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).` }),
    offset: queryInt((n) => n.min(0).max(MAX_OFFSET))
      .default(0)
      .openapi({ description: 'Moves to skip (default 0).' }),
  })
  .merge(AsOfQuery);
