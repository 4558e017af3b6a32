import { z } from '@hono/zod-openapi';
import { docHoldsFacts } from '../sources/registry';
import { padVersion } from './keys';

/**
 * A change record: one newly observed archive version, as the change feed
 * (GET /v1/archive/changes) and the webhook deliveries carry it. Spec: "Change record".
 *
 * Storage (archive table): pk `CHANGES`, sk = version_id zero-padded to 12 digits, so the feed
 * is a single ordered partition and "changes after cursor N" is a key-range query. The item's
 * other attributes are exactly the fields below (plus `gsi1pk = CHANGES#<source_id>`,
 * `gsi1sk` = the same padded version id, for per-source reads). Ingest writes affected_codes
 * empty with status `pending` (or `none` for documents without a facts loader); the facts load
 * sets both codes and `mapped` in one write. Records written before the status existed get it
 * on read (shared/feed/codes-status.ts).
 */
/**
 * Whether a change's affected_codes are known. A code-scoped subscription cannot decide a
 * `pending` change (its version's facts are not loaded yet), so the delivery run waits for it
 * instead of passing it (shared/webhooks/plan.ts).
 */
export const CODES_STATUSES = ['pending', 'mapped', 'none'] as const;
export type CodesStatus = (typeof CODES_STATUSES)[number];

export const ChangeRecordSchema = z
  .object({
    doc_id: z.string().openapi({ example: 'mue:1' }),
    source_id: z.string().openapi({ example: 'cms_ncci_mue' }),
    title: z.string(),
    publisher_version: z.string().nullable(),
    version_id: z.number().int().openapi({ description: 'Archive version id; the deduplication key.' }),
    publisher_effective_from: z.string().nullable().openapi({ format: 'date' }),
    publisher_effective_to: z.string().nullable().openapi({ format: 'date' }),
    observed_from: z.string().openapi({ format: 'date-time' }),
    origin: z.enum(['live', 'backfill', 'wayback']),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    affected_codes: z.array(z.string()),
    affected_codes_status: z.enum(CODES_STATUSES).openapi({
      description:
        '`mapped`: affected_codes come from the coverage mapping (possibly empty); `pending`: the version is not loaded yet, so its codes are not known (affected_codes is empty for now); `none`: the source has no coverage mapping, affected_codes stays empty.',
    }),
    versions_url: z.string().openapi({ format: 'uri' }),
  })
  .openapi('ChangeRecord');

export type ChangeRecord = z.infer<typeof ChangeRecordSchema>;

export const CHANGES_PK = 'CHANGES';

/** Change records sort by version id, padded like every other version key of the archive. */
export const changeSortKey = padVersion;

/**
 * The status a new change record starts with: `pending` until its version's facts load fills
 * affected_codes, or `none` when the document holds no warrant facts (no coverage mapping can
 * ever exist, so nothing may wait for one).
 */
export function initialCodesStatus(docId: string): CodesStatus {
  return docHoldsFacts(docId) ? 'pending' : 'none';
}
