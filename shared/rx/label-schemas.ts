import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { CLASS_TYPES, KEY_SECTIONS } from './label-rows';

const SectionsPresent = z
  .object({
    boxed_warning: z.boolean(),
    indications: z.boolean(),
    dosage_and_administration: z.boolean(),
    contraindications: z.boolean(),
  })
  .openapi('LabelSectionsPresent', {
    description: `Which key sections the label carries, by LOINC: ${Object.entries(KEY_SECTIONS)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
  });

const LabelSource = RowSourceSchema.extend({
  member: z.string().openapi({ description: 'The bundle member the SPL was read from (`<label zip>!<xml>`).' }),
}).openapi('LabelRowSource');

export const LabelHitSchema = z
  .object({
    set_id: z.string(),
    version: z.number().int().openapi({ description: 'The SPL `versionNumber` in force on `as_of`.' }),
    effective_date: z.string().nullable().openapi({ format: 'date', description: "The SPL's `effectiveTime`." }),
    title: z.string().nullable().openapi({ description: 'The document title (null when the SPL has none).' }),
    labeler: z.string().nullable(),
    document_id: z.string(),
    sections_present: SectionsPresent,
    product_names: z.array(z.string()),
    active_ingredients: z.array(z.string()),
    source: LabelSource,
  })
  .openapi('LabelHit');

export const LabelListSchema = z
  .object({
    items: z.array(LabelHitSchema),
    total: z.number().int(),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('LabelList');

const SectionText = z
  .object({
    loinc: z.string(),
    present: z.boolean(),
    title: z.string().nullable(),
    text: z.string().nullable().openapi({ description: 'Plain text (subsections included); null when absent.' }),
    truncated: z.boolean(),
  })
  .openapi('LabelSectionText');

export const PharmClassSchema = z
  .object({
    class_code: z.string().openapi({ description: 'MED-RT (formerly NDF-RT) N-code.' }),
    class_name: z.string(),
    class_type: z
      .string()
      .openapi({ description: '`EPC`, `MoA`, `PE` or `CS` (`other` when the name has no type suffix).' }),
    via_uniis: z
      .array(z.string())
      .openapi({ description: "The label's active UNIIs the indexing assigns this class." }),
    source: RowSourceSchema,
  })
  .openapi('LabelPharmClass');

export const LabelDetailSchema = z
  .object({
    set_id: z.string(),
    document_id: z.string(),
    version: z.number().int(),
    effective_date: z.string().nullable().openapi({ format: 'date' }),
    title: z.string().nullable(),
    document_type: z.object({ loinc: z.string().nullable(), name: z.string().nullable() }),
    labeler: z.object({ name: z.string().nullable(), duns: z.string().nullable() }),
    sections: z.object({
      boxed_warning: SectionText,
      indications: SectionText,
      dosage_and_administration: SectionText,
      contraindications: SectionText,
    }),
    section_codes: z.array(z.string()).openapi({ description: 'Every LOINC section code the SPL uses.' }),
    coded_concepts: z.object({
      products: z.array(
        z.object({
          product_ndc: z.string().nullable(),
          name: z.string().nullable(),
          generic_name: z.string().nullable(),
          dosage_form: z.string().nullable(),
          dosage_form_code: z.string().nullable().openapi({ description: 'NCI Thesaurus code of the form.' }),
          ingredients: z.array(
            z.object({
              name: z.string().nullable(),
              unii: z.string().nullable(),
              class_code: z
                .string()
                .nullable()
                .openapi({ description: 'SPL classCode: ACTIB, ACTIM, ACTIR (active), IACT (inactive).' }),
              active: z.boolean(),
              strength: z.string().nullable(),
              active_moiety_unii: z.string().nullable(),
            }),
          ),
          package_ndcs: z.array(z.string()),
        }),
      ),
      product_ndcs: z.array(z.string()),
      package_ndcs: z.array(z.string()),
      active_ingredients: z.array(z.object({ name: z.string().nullable(), unii: z.string().nullable() })),
    }),
    pharmacologic_classes: z
      .array(PharmClassSchema)
      .nullable()
      .openapi({ description: 'Null when no class indexing is in force (a gap names it).' }),
    version_history: z
      .array(
        z.object({
          version: z.number().int(),
          effective_date: z.string().nullable(),
          document_id: z.string(),
          in_force: z.boolean(),
        }),
      )
      .openapi({
        description:
          'Every version of the set_id the archived bundles hold, effective on or before `as_of`, newest first.',
      }),
    source_links: z.object({
      archived: LabelSource.openapi({
        description: 'The archived bundle this version was read from (pinned by sha256).',
      }),
      archived_file: z
        .string()
        .openapi({ description: 'The archived bundle in this API (`/v1/archive/files/{sha256}`).' }),
      dailymed_label: z.string(),
      dailymed_history: z.string(),
    }),
    ...answerProvenanceFields,
  })
  .openapi('LabelDetail');

export const DrugClassSchema = z
  .object({
    class_code: z.string(),
    class_name: z.string(),
    class_type: z.string(),
    substances: z.number().int().openapi({ description: 'Substances (UNIIs) the indexing assigns the class.' }),
    label_count: z.number().int().openapi({
      description: 'Labels in force (set_ids) with an active ingredient or active moiety among those substances.',
    }),
  })
  .openapi('DrugClass');

export const DrugClassListSchema = z
  .object({
    items: z.array(DrugClassSchema),
    total: z.number().int(),
    type_counts: z
      .record(z.string(), z.number().int())
      .openapi({ description: 'Classes matching the other filters, by type.' }),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('DrugClassList');

export const CLASS_TYPE_VALUES = CLASS_TYPES;
export type LabelList = z.infer<typeof LabelListSchema>;
export type LabelHit = z.infer<typeof LabelHitSchema>;
export type LabelDetail = z.infer<typeof LabelDetailSchema>;
export type DrugClassList = z.infer<typeof DrugClassListSchema>;
