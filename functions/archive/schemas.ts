import { z } from '@hono/zod-openapi';
import { AS_OF_RULES, GAP_REASONS } from '../../shared/archive/as-of';
import { ChangeRecordSchema } from '../../shared/archive/change-record';
import { ORIGINS } from '../../shared/archive/ingest-types';
import { RequestProvenanceSchema } from '../../shared/archive/request-provenance';
import { CODE_SHAPE_MESSAGE, codeSystem, normalizeCode } from '../../shared/codes/hcpcs';
import { CursorPageQuery, PageQuery, pageFields } from '../../shared/http/paging';
import { queryInt } from '../../shared/http/query-int';
import { DateString } from '../../shared/http/schemas';
import { CADENCES } from '../../shared/sources/freshness';
import { DOC_ID_PATTERN, getSource, SOURCE_ID_PATTERN } from '../../shared/sources/registry';
import { ACCURACY_CLASSES, VERSION_METHODS } from '../../shared/sources/types';

export const SourceIdParam = z.object({
  source_id: z
    .string()
    .regex(SOURCE_ID_PATTERN, 'expected a source id (lowercase letters, digits, _)')
    .openapi({ param: { name: 'source_id', in: 'path' }, example: 'cms_ncci_mue' }),
});

export const DocIdParam = z.object({
  doc_id: z
    .string()
    .regex(DOC_ID_PATTERN, 'expected a document id of shape <prefix>:<number>')
    .openapi({ param: { name: 'doc_id', in: 'path' }, example: 'mue:1' }),
});

export const Sha256Param = z.object({
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'expected a sha256 as 64 hex characters')
    .transform((s) => s.toLowerCase())
    .openapi({ param: { name: 'sha256', in: 'path' }, example: 'a'.repeat(64) }),
});

export const AsOfQuery = z.object({
  date: DateString.openapi({ param: { name: 'date', in: 'query' }, description: 'Date of service, YYYY-MM-DD.' }),
});

/**
 * A comma-separated filter whose every item is checked: `problem` says what is wrong with one item
 * (undefined when it is fine). A typo is a 400 naming the item, never an empty feed. Parsed into
 * the list of trimmed, distinct items.
 */
const csv = (what: string, problem: (item: string) => string | undefined) =>
  z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const items = s.split(',').map((x) => x.trim());
      items.forEach((item, i) => {
        const bad = item === '' ? 'is empty' : problem(item);
        if (bad) ctx.addIssue({ code: 'custom', message: `item ${i + 1} '${item}' ${bad}`, input: s });
      });
      return [...new Set(items)];
    })
    .optional()
    .openapi({ type: 'string', description: `Only changes of these ${what} (comma-separated; any of them matches).` });

/** Why a source id cannot filter anything, or undefined for a registered source. */
const sourceProblem = (id: string): string | undefined =>
  !SOURCE_ID_PATTERN.test(id)
    ? 'is not a source id (lowercase letters, digits and _)'
    : getSource(id)
      ? undefined
      : 'is not an archive source (GET /v1/archive/sources lists them)';

const codeProblem = (code: string): string | undefined =>
  codeSystem(normalizeCode(code)) ? undefined : `is not a billing code: ${CODE_SHAPE_MESSAGE}`;

export const ChangesQuery = CursorPageQuery.extend({
  since: queryInt((n) => n.min(0))
    .optional()
    .openapi({
      description:
        'Cursor: only changes with version_id strictly greater than this (the last version_id you processed).',
      example: 0,
    }),
  source_id: csv('source ids', sourceProblem),
  code: csv('HCPCS/CPT codes (matched against affected_codes)', codeProblem),
});

export const RunsQuery = PageQuery.extend({
  source_id: z
    .string()
    .regex(SOURCE_ID_PATTERN, 'expected a source id')
    .refine((id) => getSource(id) !== undefined, 'is not an archive source (GET /v1/archive/sources lists them)')
    .optional()
    .openapi({
      description: 'Only runs of this source.',
    }),
});

const Nullable = z.string().nullable();

export const ArchiveSource = z
  .object({
    source_id: z.string(),
    title: z.string(),
    publisher: z.string(),
    license: z.object({ name: z.string(), url: Nullable, notice: Nullable }),
    third_party_licensed_descriptors: z.boolean().openapi({
      description: 'True: files are listed, but their text and original bytes are withheld (451).',
    }),
    cadence: z.enum([...CADENCES, 'exempt'] as const),
    exempt_reason: Nullable,
    accuracy_class: z.enum(ACCURACY_CLASSES),
    registered_on: z.string().openapi({ format: 'date' }),
    urls: z.array(
      z.object({
        url: z.string(),
        kind: z.enum(['file', 'listing', 'json_api']).openapi({
          description:
            'file: archived as served; listing: an HTML page whose links are followed; json_api: a JSON API read page by page, each page archived with its request.',
        }),
        note: Nullable,
      }),
    ),
    version_method: z.enum(VERSION_METHODS),
    documents: z.array(z.object({ doc_id: z.string(), title: z.string() })),
    archive_file_count: z.number().int(),
    archived_doc_count: z.number().int(),
  })
  .openapi('ArchiveSource');

export const ArchiveFileSummary = z
  .object({
    sha256: z.string(),
    name: z.string(),
    size: z.number().int(),
    content_type: z.string(),
    first_observed: z.string().openapi({ format: 'date-time' }),
    parent_sha256: Nullable.openapi({ description: 'The zip this file is a member of (first seen in).' }),
    file_url: z.string().openapi({ format: 'uri' }),
  })
  .openapi('ArchiveFileSummary');

export const ArchiveDocument = z
  .object({
    doc_id: z.string(),
    source_id: z.string(),
    title: z.string(),
    first_observed: z.string().openapi({ format: 'date-time' }),
    latest_version_id: z.number().int().nullable(),
    versions_url: z.string(),
    as_of_url: z.string(),
  })
  .openapi('ArchiveDocument');

export const ArchiveVersion = z
  .object({
    version_id: z.number().int(),
    doc_id: z.string(),
    source_id: z.string(),
    title: z.string(),
    sha256: z.string(),
    size: z.number().int(),
    name: z.string(),
    parent_sha256: Nullable,
    publisher_version: Nullable,
    publisher_effective_from: Nullable.openapi({ format: 'date' }),
    publisher_effective_to: Nullable.openapi({ format: 'date', description: 'null when open-ended.' }),
    version_method: z
      .string()
      .openapi({ description: 'file_name, content, listing, given (by the importer) or none.' }),
    observed_from: z.string().openapi({ format: 'date-time' }),
    origin: z.enum(ORIGINS),
    run_id: Nullable,
    source_url: Nullable,
    last_seen_at: Nullable.openapi({
      format: 'date-time',
      description:
        'The latest fetch or import that saw these bytes again while they were the document’s newest version (evidence the publisher had not replaced them yet); null when not seen again.',
    }),
  })
  .openapi('ArchiveVersion');

export const AsOfFreshness = z
  .object({
    class: z.enum(['fresh', 'stale']),
    age_days: z.number().int(),
    evidence_date: z.string().openapi({
      format: 'date',
      description: 'The version’s start, or the later day a fetch last saw it as the newest version.',
    }),
    cadence: z.string(),
    stale_after_days: z.number().int(),
    critical_after_days: z.number().int().openapi({ description: 'At this age the answer is a stale_version gap.' }),
  })
  .openapi('AsOfFreshness');

export const AsOfAnswer = z
  .object({
    doc_id: z.string(),
    date: z.string().openapi({ format: 'date' }),
    status: z.enum(['resolved', 'gap']),
    rule: z.enum(AS_OF_RULES).nullable().openapi({
      description:
        'How the deciding version is dated: publisher_effective_window (it carries the publisher’s effective date) or first_observed (it starts on the UTC date the archive first saw it).',
    }),
    timeline: z.enum(['windowed', 'observed', 'mixed']).nullable().openapi({
      description:
        'Whether the document’s versions are all dated by publisher windows, all by first observation, or both (mixed: one rule covers both, see method).',
    }),
    method: z.string().openapi({ description: 'The as-of rule, in words (also at /resources/archive-and-as-of).' }),
    version: ArchiveVersion.nullable(),
    sha256: Nullable,
    window: z.object({ from: z.string(), to: Nullable }).nullable().openapi({
      description: 'The deciding window; an open-ended window shows the day before the next window begins, if any.',
    }),
    superseded: z.array(ArchiveVersion).openapi({ description: 'Earlier issues for the same window, oldest first.' }),
    freshness: AsOfFreshness.nullable().openapi({
      description:
        'For a version whose end the publisher did not state: its age on the date against the source’s declared cadence. null when the publisher stated the window or the source has no cadence.',
    }),
    gap: z
      .object({
        reason: z.enum(GAP_REASONS),
        detail: z.string(),
        candidate_version_ids: z.array(z.number().int()),
        missing_releases: z
          .array(z.string())
          .optional()
          .openapi({ description: 'missing_release: the scheduled release dates the archive lacks.' }),
        freshness: AsOfFreshness.optional().openapi({ description: 'stale_version: the age of the candidate.' }),
      })
      .nullable(),
    versions_url: z.string(),
  })
  .openapi('ArchiveAsOf');

const Member = z.object({ sha256: z.string(), name: z.string(), member_path: z.string(), size: z.number().int() });

export const ArchiveFile = z
  .object({
    sha256: z.string(),
    size: z.number().int(),
    content_type: z.string(),
    name: z.string(),
    member_path: Nullable,
    source_id: z.string(),
    first_observed: z.string().openapi({ format: 'date-time' }),
    origin: z.string(),
    storage_key: z.string(),
    parent_sha256: Nullable,
    is_zip: z.boolean(),
    member_count: z.number().int().nullable(),
    kept_whole: z.boolean().openapi({
      description:
        'A zip archived whole (its document keeps its zips whole): verified but not extracted, so `members` is empty and `member_count` counts the file entries of its central directory.',
    }),
    request: z.union([RequestProvenanceSchema, z.null()]),
    members: z.array(Member).openapi({ description: 'Zip members (first 1000), in archive order.' }),
    license: Nullable,
    text_url: z.string(),
    download_url: z.string().openapi({ format: 'uri', description: 'Presigned GET of the original bytes.' }),
    download_expires_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ArchiveFile');

export const ArchiveText = z
  .object({
    sha256: z.string(),
    renderer: z.string(),
    renderer_version: z.string(),
    encoding: Nullable,
    rendered_at: z.string().openapi({ format: 'date-time' }),
    bytes: z.number().int(),
    chars: z.number().int(),
    replacement_chars: z.number().int(),
    text: Nullable.openapi({ description: 'The rendering (UTF-8), inline up to 4 MiB; null above (use the link).' }),
    text_download_url: z.string().openapi({ format: 'uri' }),
  })
  .openapi('ArchiveText');

export const ChangePage = z
  .object({
    items: z.array(ChangeRecordSchema),
    ...pageFields,
    total: z.number().int().nullable().openapi({ description: 'Always null: a filtered feed is not counted.' }),
    last_version_id: z.number().int().nullable().openapi({ description: 'Pass as `since` to continue.' }),
  })
  .openapi('ArchiveChangePage');
