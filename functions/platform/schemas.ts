import { z } from '@hono/zod-openapi';
import { RunRecordSchema } from '../../shared/archive/runs';
import { pageOf } from '../../shared/http/paging';
import { LoadAttemptSchema } from '../../shared/loads/history';
import { CADENCES } from '../../shared/sources/freshness';
import { SOURCE_ID_PATTERN } from '../../shared/sources/registry';

export const FreshnessSchema = z
  .object({
    class: z.enum(['fresh', 'stale', 'critical', 'never', 'exempt']),
    level: z.enum(['fresh', 'stale', 'critical']).nullable().openapi({
      description: 'The level by age (for `never`, age since registration); null when exempt.',
    }),
    degrades_status: z.boolean(),
    age_days: z.number().nullable(),
    judged_from: z.enum(['last_load', 'registration']).nullable(),
    stale_after_days: z.number().int().nullable(),
    critical_after_days: z.number().int().nullable(),
    reason: z.string().optional().openapi({ description: 'Why an exempt source has no expected rhythm.' }),
  })
  .openapi('Freshness');

export const CatalogEntrySchema = z
  .object({
    source_id: z.string().openapi({ example: 'cms_ncci_mue' }),
    title: z.string(),
    publisher: z.string(),
    license: z.object({ name: z.string(), url: z.string().nullable(), notice: z.string().nullable() }),
    third_party_licensed_descriptors: z.boolean().openapi({
      description: 'Files carry procedure-code descriptors under a third-party license: listed, text not served.',
    }),
    refresh_cadence: z.enum([...CADENCES, 'exempt']).openapi({ description: 'How often the publisher publishes.' }),
    exempt_reason: z.string().nullable(),
    accuracy_class: z.string(),
    registered_on: z.string().openapi({ format: 'date' }),
    warrants: z.array(z.string()).openapi({ description: 'The warrant blocks this source stands behind.' }),
    archive_file_count: z.number().int(),
    last_fetch_at: z.string().nullable().openapi({ format: 'date-time' }),
    last_fetch_status: z.enum(['running', 'succeeded', 'partial', 'failed']).nullable(),
    last_change_at: z
      .string()
      .nullable()
      .openapi({ format: 'date-time', description: 'When the newest version was first observed.' }),
    latest_publisher_version: z.string().nullable(),
    last_load: z.object({
      status: z.enum(['succeeded', 'partial', 'failed', 'never']),
      attempted_at: z.string().nullable(),
      loaded_at: z.string().nullable(),
    }),
    last_record_count: z.number().int().nullable().openapi({
      description: 'Rows the source currently holds; per-load counts are in its history.',
    }),
    freshness: FreshnessSchema,
    links: z.object({ self: z.string(), history: z.string(), files: z.string(), docs: z.string() }),
  })
  .openapi('SourceCatalogEntry');

export const CatalogPage = pageOf(CatalogEntrySchema, 'SourceCatalogPage');
export const LoadHistoryPage = pageOf(LoadAttemptSchema, 'LoadHistoryPage');

export const SourceIdParam = z.object({
  source_id: z
    .string()
    .regex(SOURCE_ID_PATTERN, 'expected a snake_case source id')
    .openapi({ param: { name: 'source_id', in: 'path' }, example: 'cms_ncci_mue' }),
});

const Light = z.enum(['green', 'amber', 'red', 'grey']);

export const StatusSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'failing']),
    light: z.enum(['green', 'amber', 'red']),
    checked_at: z.string().openapi({ format: 'date-time' }),
    components: z.array(
      z.object({
        name: z.enum(['database', 'object_storage', 'scheduler', 'mail', 'pipeline_freshness']),
        light: Light,
        status: z.string(),
        detail: z.string(),
        latency_ms: z.number().optional(),
      }),
    ),
    sources: z.array(
      z.object({
        source_id: z.string(),
        freshness: FreshnessSchema.shape.class,
        level: FreshnessSchema.shape.level,
        light: Light,
        age_days: z.number().nullable(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .openapi('PlatformStatus');

export const StatsSchema = z
  .object({
    generated_at: z.string().openapi({ format: 'date-time' }),
    sources: z.object({
      registered: z.number().int(),
      loaded: z.number().int(),
      never_loaded: z.number().int(),
      exempt: z.number().int(),
    }),
    rows: z.object({ total: z.number().int(), by_source: z.record(z.string(), z.number().int()) }),
    archive: z.object({ files: z.number().int(), highest_version_id: z.number().int() }),
    facilities: z.number().int().nullable(),
    clinicians: z.number().int().nullable(),
    last_pipeline_run: RunRecordSchema.nullable(),
  })
  .openapi('PlatformStats');
