import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema } from './provenance';

/** What every catalog answer carries beside its data (../shared/CATALOG.md "Every answer"). */
export const answerProvenanceFields = {
  sources: z
    .array(CatalogSourceVersionSchema)
    .openapi({ description: 'The archived versions this answer was built from.' }),
  gaps: z
    .array(CatalogGapSchema)
    .openapi({ description: 'Sources that could not answer for the date (their fields are null).' }),
  as_of: z.string().openapi({ format: 'date' }),
  methodology_note: z.string(),
};

/** The envelope of a list read whole, sorted and paged by offset in memory (beside `items` and `total`). */
export const sortedOffsetPageFields = {
  limit: z.number().int(),
  offset: z.number().int(),
  next_offset: z.number().int().nullable(),
  sort: z.string(),
  order: z.enum(['asc', 'desc']),
};
