import { z } from '@hono/zod-openapi';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';
import { CLASS_TYPES, KEY_SECTION_NAMES, KEY_SECTIONS, type KeySection } from '../../shared/rx/label-rows';

export const LABELS_MAX_LIMIT = 100;

/** `as_of` for the DailyMed reads (the example is a date the fixtures answer on). */
const AsOfQuery = z.object({
  as_of: DateString.optional().openapi({
    param: { name: 'as_of', in: 'query' },
    example: '2025-06-10',
    description:
      'Answer from the DailyMed bundles in force on this date (YYYY-MM-DD; every label bundle archived up to it adds up, each set_id at its SPL version effective by then; the class indexing is a snapshot, stale after 8 days without a fresh fetch); default today.',
  }),
});
const text = (max: number) => z.string().trim().min(2).max(max);
const BY_LOINC = new Map<string, KeySection>(Object.entries(KEY_SECTIONS).map(([k, v]) => [v, k as KeySection]));

const limit = (what: string) =>
  queryInt((n) => n.min(1).max(LABELS_MAX_LIMIT))
    .default(25)
    .openapi({ description: `${what} per page, 1 to ${LABELS_MAX_LIMIT} (default 25).` });
const offset = queryInt((n) => n.min(0).max(100_000))
  .default(0)
  .openapi({ description: 'Items to skip.' });

export const LabelsQuery = z
  .object({
    name: text(100).optional().openapi({
      description:
        'Words of the drug name, each matched as a prefix of a word of the title, a product or generic name, or an active ingredient (case-insensitive).',
      example: 'zolvera',
    }),
    labeler: text(120)
      .optional()
      .openapi({ description: "Words of the labeler's name, each matched as a prefix of a word of it." }),
    section: z
      .string()
      .transform((s, ctx) => {
        const out: KeySection[] = [];
        for (const part of s.split(',').map((p) => p.trim().toLowerCase())) {
          const k = (KEY_SECTION_NAMES as string[]).includes(part) ? (part as KeySection) : BY_LOINC.get(part);
          if (!k) {
            ctx.addIssue({
              code: 'custom',
              message: `expected one or more of ${KEY_SECTION_NAMES.join(', ')} or their LOINC codes (${Object.values(KEY_SECTIONS).join(', ')}), comma-separated`,
            });
            return z.NEVER;
          }
          if (!out.includes(k)) out.push(k);
        }
        return out;
      })
      .optional()
      .openapi({
        description:
          'Required sections, comma-separated, by name or LOINC: `boxed_warning` (34066-1), `indications` (34067-9), `dosage_and_administration` (34068-7), `contraindications` (34070-3). A label must carry every one named.',
        example: 'boxed_warning',
      }),
    sort: z.enum(['title', 'set_id', 'effective_date']).default('title').openapi({
      description:
        '`title` (default): by title (a label without one by its first product name; none last), then set_id; `set_id`; `effective_date`: newest first, then set_id.',
    }),
    limit: limit('Labels'),
    offset,
  })
  .merge(AsOfQuery);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const SetIdPath = z.object({
  set_id: z
    .string()
    .transform((s, ctx) => {
      const v = s.trim().toLowerCase();
      if (UUID.test(v)) return v;
      ctx.addIssue({ code: 'custom', message: 'expected an SPL set id: a UUID (8-4-4-4-12 hexadecimal digits)' });
      return z.NEVER;
    })
    .openapi({
      param: { name: 'set_id', in: 'path' },
      description: 'The SPL set id (a UUID, any case).',
      example: '7c1e4b2a-5d3f-4e8a-9b6c-1a2b3c4d5e6f',
    }),
});

export const LabelQuery = AsOfQuery;

export const DrugClassesQuery = z
  .object({
    name: text(100).optional().openapi({
      description: 'Words of the class name, each matched as a prefix of a word of it.',
      example: 'interleukin',
    }),
    type: z.enum(CLASS_TYPES).optional().openapi({
      description:
        'Class type: `EPC` (established pharmacologic class), `MoA` (mechanism of action), `PE` (physiologic effect), `CS` (chemical structure). Case-sensitive, as FDA writes them.',
    }),
    sort: z.enum(['name', 'label_count']).default('name').openapi({
      description:
        '`name` (default): by class name, then class code (unique); `label_count`: most labels first, then class code.',
    }),
    limit: limit('Classes'),
    offset,
  })
  .merge(AsOfQuery);
