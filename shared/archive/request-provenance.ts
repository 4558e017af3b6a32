import { z } from '@hono/zod-openapi';

/**
 * The request a page of a JSON API came from (issue 15, point 5): stored on the page's file item
 * (the first request that brought those bytes: files are content-addressed and their metadata is
 * written once) and listed, for every page a run archived, in the run record's `pages`. With it a
 * reader can tell which query, page and cursor produced a file, and a set can be re-requested.
 */
export const RequestProvenanceSchema = z
  .object({
    url: z.string().openapi({ description: 'The exact URL requested, with its query.' }),
    endpoint: z.string().openapi({ description: 'The declared JSON API endpoint of the source.' }),
    strategy: z.string().openapi({ description: 'pagetoken, offset, openfda_download or sec_edgar.' }),
    page: z.number().int().openapi({
      description:
        'Page number in its set, from 1; 0 for an index that is not a page of the set (openFDA download.json).',
    }),
    cursor: z.string().nullable().openapi({
      description: 'The page token, offset or list position the request was made with; null for the first page.',
    }),
    next_cursor: z.string().nullable().openapi({
      description: 'What this page gave for the next request; null when it was the last page.',
    }),
    items: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Elements read at the declared items path; null when not read (a zip).' }),
    run_id: z.string(),
    pass_id: z
      .string()
      .openapi({ description: 'The run that began the set this page belongs to (a set may span runs).' }),
    requested_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('RequestProvenance', {
    description:
      'The request a page of a JSON API answered when its bytes were first archived: the URL with its query, the page, the cursors, the run. Null for files that are not JSON API pages.',
  });

export type RequestProvenance = z.infer<typeof RequestProvenanceSchema>;

/** A page as a run record lists it: its request and the file it was archived as. */
export const RunPageSchema = RequestProvenanceSchema.omit({ run_id: true })
  .extend({
    name: z.string(),
    sha256: z.string(),
    size: z.number().int(),
    not_modified: z
      .boolean()
      .openapi({ description: 'The publisher answered 304: the file archived before is the page.' }),
  })
  .openapi('ArchiveJsonApiPage');

export type RunPage = z.infer<typeof RunPageSchema>;

/** Reads a stored provenance back (null when the item has none or an unreadable one). */
export function readProvenance(value: unknown): RequestProvenance | null {
  const parsed = RequestProvenanceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
