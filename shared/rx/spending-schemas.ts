import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema, RowSourceSchema } from '../catalog/provenance';
import { PROGRAMS, SpendingRowSchema, TOP_METRICS } from './spending-rows';

/** A row as answered: the stored row without its storage-only keys, with the release it came from. */
export const SpendingItemSchema = SpendingRowSchema.omit({ manufacturer_key: true, top_year: true })
  .extend({ source: RowSourceSchema })
  .openapi('SpendingItem');
export type SpendingItem = z.infer<typeof SpendingItemSchema>;

/** The release of a program that answered (or why none did). */
export const SpendingReleaseSchema = z
  .object({
    program: z.enum(PROGRAMS),
    source_id: z.string(),
    publisher_version: z
      .string()
      .nullable()
      .openapi({ description: 'The release, e.g. `RY2024 (DY2022)`: release year and last data year.' }),
    version_id: z.number().int().nullable(),
    in_force: z
      .boolean()
      .openapi({ description: 'False: no release of this program is loaded and in force (see gaps).' }),
  })
  .openapi('SpendingRelease');
export type SpendingRelease = z.infer<typeof SpendingReleaseSchema>;

const answerFields = {
  releases: z.array(SpendingReleaseSchema).openapi({ description: 'The release in force per program asked for.' }),
  sources: z.array(CatalogSourceVersionSchema),
  gaps: z.array(CatalogGapSchema),
  as_of: z.string().openapi({ format: 'date' }),
  methodology_note: z.string(),
};

export const SpendingListSchema = z
  .object({
    items: z.array(SpendingItemSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    scanned: z
      .number()
      .int()
      .openapi({ description: 'Rows read to answer; a short page with a cursor means more to read.' }),
    order: z.string().openapi({ description: 'The order of the items (ends on a unique key).' }),
    ...answerFields,
  })
  .openapi('SpendingList');
export type SpendingList = z.infer<typeof SpendingListSchema>;

export const SpendingTopItemSchema = SpendingItemSchema.extend({
  rank: z.number().int().openapi({ description: '1 for the largest value of the metric.' }),
  value: z
    .number()
    .openapi({ description: 'The metric ranked (dollars, a count, or percent for spending_growth_pct).' }),
}).openapi('SpendingTopItem');

export const SpendingTopSchema = z
  .object({
    program: z.enum(PROGRAMS),
    year: z.number().int(),
    metric: z.enum(Object.keys(TOP_METRICS) as [keyof typeof TOP_METRICS, ...(keyof typeof TOP_METRICS)[]]),
    items: z.array(SpendingTopItemSchema),
    order: z.string(),
    ...answerFields,
  })
  .openapi('SpendingTop');
export type SpendingTop = z.infer<typeof SpendingTopSchema>;

/** Spending of one generic name (the join /rx/ingredients calls): overall rows and yearly totals per program. */
export interface GenericSpending {
  generic_name: string;
  /** Overall rows of every brand whose generic name (or a component of it) is the name, per program and year. */
  rows: SpendingItem[];
  /** Per program and year: total_spending summed over those brands (nulls skipped), with the brands counted. */
  totals: {
    program: z.infer<typeof SpendingReleaseSchema>['program'];
    year: number;
    total_spending: number;
    brands: number;
  }[];
  releases: SpendingRelease[];
  sources: z.infer<typeof CatalogSourceVersionSchema>[];
  gaps: z.infer<typeof CatalogGapSchema>[];
  as_of: string;
  methodology_note: string;
}
