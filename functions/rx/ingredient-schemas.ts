import { z } from '@hono/zod-openapi';
import { queryInt } from '../../shared/http/query-int';
import { MAX_INGREDIENT_PAGE } from '../../shared/rx/ingredients';
import { INGREDIENT_TTYS } from '../../shared/rx/rxnorm-rows';
import { AsOfQuery } from './schemas';

/** An RxNorm concept id: digits only (a malformed one is a 400 naming `rxcui`). */
export const RxcuiPath = z.object({
  rxcui: z
    .string()
    .regex(/^\d{1,9}$/, 'expected an RxNorm RXCUI: 1 to 9 digits')
    .openapi({
      param: { name: 'rxcui', in: 'path' },
      example: '83367',
      description: 'RxNorm RXCUI of an IN, PIN or MIN.',
    }),
});

export const IngredientListQuery = z
  .object({
    name: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'Name prefix, case-insensitive (e.g. `ator`).', example: 'ator' }),
    q: z.string().min(2).max(100).optional().openapi({
      description: 'Words the name contains, case-insensitive (every word must be a word of the name).',
      example: 'chloride',
    }),
    tty: z.enum(INGREDIENT_TTYS).default('IN').openapi({
      description: 'Term type: IN ingredient (default), PIN precise ingredient, MIN multiple ingredients.',
    }),
    limit: queryInt((n) => n.min(1).max(MAX_INGREDIENT_PAGE))
      .default(10)
      .openapi({ description: `Page size, 1 to ${MAX_INGREDIENT_PAGE} (default 10): each item joins its NDCs.` }),
    cursor: z.string().max(400).optional().openapi({ description: "The previous page's `next_cursor`." }),
  })
  .merge(AsOfQuery);
