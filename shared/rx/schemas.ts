import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { NdcRxnormSchema } from './ingredient-schemas';

/** A NADAC rate as published in one weekly file. */
export const NadacRateSchema = z
  .object({
    nadac_per_unit: z.number().openapi({ description: 'Dollars per pricing unit.' }),
    effective_date: z.string().openapi({ format: 'date', description: 'The date the rate took effect.' }),
    pricing_unit: z.string().nullable(),
    classification_for_rate_setting: z.string().nullable(),
    ndc_description: z.string(),
    as_of_date: z.string().nullable().openapi({ format: 'date', description: 'The weekly file it was read from.' }),
    source: RowSourceSchema,
  })
  .openapi('NadacRate');
export type NadacRate = z.infer<typeof NadacRateSchema>;

export const NadacPointSchema = z
  .object({
    change: z.enum(['added', 'changed', 'removed']).openapi({
      description:
        '`added`: first listed (or listed again); `changed`: the per-unit cost or its effective date changed; `removed`: the NDC left the NADAC file (no rate from then on).',
    }),
    nadac_per_unit: z.number().nullable().openapi({ description: 'Null for `removed`.' }),
    effective_date: z.string().nullable().openapi({ format: 'date' }),
    previous_nadac_per_unit: z.number().nullable(),
    previous_effective_date: z.string().nullable(),
    pct_change: z
      .number()
      .nullable()
      .openapi({ description: 'Percent change of the per-unit cost from the previous point (null without both).' }),
    published_in: z.string().openapi({
      format: 'date',
      description: 'Start of the weekly file that first showed the point (its as-of date).',
    }),
    source: z.object({
      source_id: z.string(),
      doc_id: z.string(),
      version_id: z.number().int(),
      sha256: z.string(),
      publisher_version: z.string().nullable(),
    }),
  })
  .openapi('NadacPoint');
export type NadacPoint = z.infer<typeof NadacPointSchema>;

export const NadacSeriesSchema = z
  .object({
    ndc11: z.string(),
    ndc_description: z.string().nullable(),
    current: NadacRateSchema.nullable().openapi({
      description: 'The rate in the weekly file in force on `as_of`; null when that file does not list the NDC.',
    }),
    points: z.array(NadacPointSchema).openapi({ description: 'Oldest first: one point per change.' }),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next points.' }),
    weekly_files: z.number().int().openapi({ description: 'Loaded weekly files the series runs over.' }),
    ...answerProvenanceFields,
  })
  .openapi('NadacSeries');
export type NadacSeries = z.infer<typeof NadacSeriesSchema>;

export const NadacMoverSchema = z
  .object({
    rank: z.number().int(),
    ndc11: z.string(),
    ndc_description: z.string().nullable(),
    direction: z.enum(['up', 'down']),
    from_nadac_per_unit: z.number(),
    to_nadac_per_unit: z.number(),
    change: z.number().openapi({ description: 'Dollars per pricing unit.' }),
    pct_change: z.number().openapi({ description: 'Percent change from the previous weekly file.' }),
    effective_date: z
      .string()
      .nullable()
      .openapi({ format: 'date', description: 'The date the new rate took effect, as published.' }),
    pricing_unit: z.string().nullable(),
    classification_for_rate_setting: z.string().nullable(),
    published_in: z.string().openapi({ format: 'date', description: 'The weekly file that first showed the move.' }),
    previous_version_id: z.number().int().nullable(),
    source: z.object({
      source_id: z.string(),
      doc_id: z.string(),
      version_id: z.number().int(),
      sha256: z.string(),
      publisher_version: z.string().nullable(),
    }),
  })
  .openapi('NadacMover');
export type NadacMover = z.infer<typeof NadacMoverSchema>;

export const NadacMoversSchema = z
  .object({
    items: z.array(NadacMoverSchema),
    total: z.number().int().openapi({ description: 'Moves matching the query among those kept (see `complete`).' }),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    from: z.string().openapi({ format: 'date' }),
    to: z.string().openapi({ format: 'date' }),
    direction: z.enum(['up', 'down', 'both']),
    min_pct_change: z.number(),
    complete: z.boolean().openapi({
      description:
        'true when every move of the window at least `min_pct_change` is ranked; false when a weekly file had more moves than the 1,000 kept per file and smaller ones may be missing (`exact_above_pct`).',
    }),
    exact_above_pct: z
      .number()
      .nullable()
      .openapi({ description: 'Every move larger than this percent is ranked (null: all moves are).' }),
    ...answerProvenanceFields,
  })
  .openapi('NadacMovers');
export type NadacMovers = z.infer<typeof NadacMoversSchema>;

export const NDC_STATUSES = ['active', 'obsolete', 'unknown'] as const;
export const NDC_STATUS_REASONS = [
  'listed',
  'marketing_ended',
  'excluded',
  'delisted',
  'priced_not_listed',
  'nadac_only',
  'not_found',
] as const;

export const NdcPackageSchema = z
  .object({
    package_code: z.string().openapi({ description: 'NDCPACKAGECODE as FDA prints it (hyphenated).' }),
    description: z.string().nullable(),
    start_marketing_date: z.string().nullable(),
    end_marketing_date: z.string().nullable(),
    sample_package: z.boolean().nullable(),
    ndc_exclude_flag: z.string().nullable(),
    directory_file: z.enum(['finished', 'unfinished', 'excluded']),
    source: RowSourceSchema,
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('NdcPackage');

export const NdcProductSchema = z
  .object({
    product_id: z.string(),
    product_ndc: z.string(),
    product_type: z.string().nullable(),
    proprietary_name: z.string().nullable(),
    proprietary_name_suffix: z.string().nullable(),
    nonproprietary_name: z.string().nullable(),
    labeler_name: z.string().nullable(),
    dosage_form: z.string().nullable(),
    routes: z.array(z.string()),
    strengths: z.array(
      z.object({ substance: z.string(), strength: z.string().nullable(), unit: z.string().nullable() }),
    ),
    pharm_classes: z.array(z.string()),
    marketing_category: z.string().nullable(),
    application_number: z.string().nullable(),
    appl_no: z.string().nullable(),
    start_marketing_date: z.string().nullable(),
    end_marketing_date: z.string().nullable(),
    dea_schedule: z.string().nullable(),
    listing_record_certified_through: z.string().nullable(),
    directory_file: z.enum(['finished', 'unfinished', 'excluded']),
    source: RowSourceSchema,
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('NdcProduct');

export const NdcProfileSchema = z
  .object({
    ndc11: z.string(),
    ndc_hyphenated: z.string().openapi({ description: 'ndc11 as 5-4-2 with hyphens.' }),
    status: z.enum(NDC_STATUSES),
    status_reason: z.enum(NDC_STATUS_REASONS),
    status_detail: z.string(),
    package: NdcPackageSchema.nullable().openapi({
      description: 'The package in the directory files in force (finished, else unfinished, else excluded).',
    }),
    product: NdcProductSchema.nullable(),
    last_listed: z
      .object({ version_id: z.number().int(), publisher_version: z.string().nullable(), from: z.string() })
      .nullable()
      .openapi({ description: 'For a delisted NDC: the latest earlier directory version that listed it.' }),
    nadac: z
      .object({
        rate: NadacRateSchema,
        in_force: z
          .boolean()
          .openapi({ description: 'true: from the weekly file in force; false: the last rate of an earlier file.' }),
      })
      .nullable()
      .openapi({ description: 'The latest NADAC rate up to `as_of`; null when no loaded weekly file listed the NDC.' }),
    rxnorm: NdcRxnormSchema.nullable().openapi({
      description:
        'The RxNorm link (nlm_rxnorm RXNSAT and RXNREL in force): the drug concepts the NDC is attached to and their ingredients (IN, PIN, MIN). Null when no RxNorm release is in force (a gap when one is archived); empty lists when the release does not list the NDC.',
    }),
    ...answerProvenanceFields,
  })
  .openapi('NdcProfile');
export type NdcProfile = z.infer<typeof NdcProfileSchema>;
