import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { ListingRowSourceSchema } from '../catalog/query';
import { FACILITY_STATUS, FACILITY_TYPES, OWNERSHIP, OWNERSHIP_RULE } from './pdc-rows';

export const FACILITY_STATUS_RULE =
  'A facility listed by an earlier release of the file and missing from the release in force is kept with `status: terminated` and `end_date` = the effective date (start) of the first release without it: the PDC files carry no termination date column, so the end date is when CMS stopped listing it (the facility may have closed or lost certification somewhat earlier). `last_release` names the last release that listed it; its row `source` is the release in force (no line: that release does not hold it). A facility that comes back in a later release is active again.';

export const FACILITY_LIST_METHODOLOGY = `CMS Provider Data Catalog (Care Compare) facility files: one row per Medicare-certified facility as CMS lists it in the release in force on as_of (nursing homes monthly, the other files about quarterly). Columns are read by header name through each file's versioned column map (the PDC renamed them, e.g. \`Federal Provider Number\` became \`CMS Certification Number (CCN)\`). CCNs are 6-character text with leading zeros. ${OWNERSHIP_RULE} ${FACILITY_STATUS_RULE} The home health file has no county column, so its county is null and \`county\` matches none of its agencies.`;

export const FacilitySchema = z
  .object({
    facility_type: z.enum(FACILITY_TYPES),
    ccn: z
      .string()
      .openapi({ description: 'CMS Certification Number, 6 characters, leading zeros kept.', example: '015101' }),
    name: z.string(),
    address: z.string().nullable().openapi({ description: 'Street address (address lines joined by a comma).' }),
    city: z.string().nullable(),
    state: z.string(),
    zip: z.string().nullable().openapi({ description: '5-digit ZIP code.' }),
    county: z.string().nullable().openapi({ description: 'County as published (null where the file has none).' }),
    phone: z.string().nullable().openapi({ description: 'Telephone number as published.' }),
    ownership: z.enum(OWNERSHIP).nullable().openapi({ description: OWNERSHIP_RULE }),
    ownership_published: z
      .string()
      .nullable()
      .openapi({ description: 'The ownership value as the file publishes it.' }),
    certification_date: z.string().nullable().openapi({
      description:
        'Medicare certification date (nursing homes: Date First Approved to Provide Medicare and Medicaid Services), YYYY-MM-DD.',
    }),
    capacity: z.number().nullable().openapi({
      description: 'Certified beds (nursing homes) or dialysis stations (dialysis); null for the other files.',
    }),
    status: z.enum(FACILITY_STATUS).openapi({ description: FACILITY_STATUS_RULE }),
    end_date: z
      .string()
      .nullable()
      .openapi({ description: 'Terminated facilities: the start of the first release without them.' }),
    last_release: z
      .object({ version_id: z.number().int(), publisher_version: z.string().nullable(), effective_from: z.string() })
      .nullable()
      .openapi({ description: 'Terminated facilities: the last release that listed them.' }),
    source: ListingRowSourceSchema,
  })
  .openapi('Facility');
export type Facility = z.infer<typeof FacilitySchema>;

export const FacilityListSchema = z
  .object({
    facility_type: z.enum(FACILITY_TYPES),
    items: z.array(FacilitySchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    scanned: z
      .number()
      .int()
      .openapi({ description: 'Rows read to answer; a short page with a cursor means more to read.' }),
    ...answerProvenanceFields,
  })
  .openapi('FacilityList');
export type FacilityList = z.infer<typeof FacilityListSchema>;
