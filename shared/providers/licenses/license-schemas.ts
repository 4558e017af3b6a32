import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema, RowSourceSchema } from '../../catalog/provenance';
import { PROFESSIONS } from './rows';

const Profession = z.enum(PROFESSIONS);

/** Where a licence and its public actions are verified (the curated board directory). */
export const VerifyAtSchema = z
  .object({
    state: z.string(),
    profession: z.enum([...PROFESSIONS, 'all']),
    scope: z.enum(['state', 'national']).openapi({
      description:
        '`state`: the state board\u2019s own pages; `national`: the directory holds no entry for the state and profession, so the national look-ups (FSMB DocInfo, Nursys) stand in.',
    }),
    board: z.string(),
    lookup_url: z.string().openapi({ description: 'The board\u2019s licence lookup page.' }),
    discipline_url: z
      .string()
      .nullable()
      .openapi({ description: 'Where the board publishes its disciplinary actions.' }),
    bulk_data_held: z.boolean().openapi({ description: 'Whether this service holds the board\u2019s bulk file.' }),
    source: RowSourceSchema.nullable().openapi({
      description:
        'The directory entry this came from (state_board_directory version); null when no directory is loaded.',
    }),
  })
  .openapi('LicenseVerifyAt', {
    description:
      'Board lookup and disciplinary-page addresses (spec: each licence and alert carries it). Always check the board: this service holds bulk files of a few states only.',
  });

export const NpiMatchSchema = z
  .object({
    method: z.enum(['state_file', 'nppes_license', 'none']),
    confidence: z.enum(['high', 'medium', 'low']).nullable(),
  })
  .openapi('LicenseNpiMatch', {
    description:
      'How the board\u2019s row was tied to the NPI: `state_file` (the board publishes the NPI), `nppes_license` (the licence number and state the provider registered in NPPES, and the board\u2019s last name equals the registry\u2019s: `high`), `none`.',
  });

export const BoardRecordSchema = z
  .object({
    license_type: z.string().nullable(),
    profession: Profession,
    status: z
      .string()
      .nullable()
      .openapi({ description: 'The board\u2019s status as printed; null when the file holds actions only.' }),
    first_issue_date: z.string().nullable(),
    expiration_date: z.string().nullable(),
    has_public_action: z.boolean(),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    npi_match: NpiMatchSchema,
    source: RowSourceSchema,
  })
  .openapi('LicenseBoardRecord');

export const LicenseSchema = z
  .object({
    state: z.string(),
    license_number: z.string(),
    license_key: z
      .string()
      .openapi({ description: 'State and normalized number (letters and digits, leading zeros dropped).' }),
    registered_in_nppes: z.boolean().openapi({ description: 'Whether the provider registered this licence in NPPES.' }),
    taxonomy_code: z.string().nullable(),
    primary_taxonomy: z.boolean().nullable(),
    bulk_data_held: z.boolean().openapi({ description: 'Whether a state adapter holds the board\u2019s file.' }),
    board_record: BoardRecordSchema.nullable().openapi({
      description:
        'The board\u2019s licence row, when its file is held and lists the licence; null otherwise (see `board_status`).',
    }),
    board_status: z.enum(['found', 'not_in_board_file', 'actions_only_file', 'no_bulk_data']).openapi({
      description:
        '`found`; `not_in_board_file` (the file is held but has no licence row tied to this NPI); `actions_only_file` (the state\u2019s file holds disciplinary actions only, e.g. New York OPMC); `no_bulk_data` (no adapter for the state: verify at the board).',
    }),
    disciplinary_actions: z
      .number()
      .int()
      .openapi({ description: 'Actions the held file ties to this licence and NPI.' }),
    verify_at: VerifyAtSchema,
  })
  .openapi('License');

const provenance = {
  sources: z.array(CatalogSourceVersionSchema).openapi({ description: 'The archived versions the answer read.' }),
  gaps: z.array(CatalogGapSchema).openapi({ description: 'Sources that could not answer for the date, and why.' }),
};

export const LicensesSchema = z
  .object({
    npi: z.string(),
    as_of: z.string(),
    provider: z.object({
      entity_type: z.enum(['individual', 'organization']).nullable(),
      last_name: z.string().nullable(),
      first_name: z.string().nullable(),
      organization_name: z.string().nullable(),
    }),
    licenses: z.array(LicenseSchema),
    match_rule: z.string(),
    ...provenance,
  })
  .openapi('ProviderLicenses');

export const DisciplinaryActionSchema = z
  .object({
    state: z.string(),
    license_number: z.string(),
    license_type: z.string().nullable(),
    profession: Profession,
    action: z.string().nullable(),
    action_date: z
      .string()
      .nullable()
      .openapi({ description: 'The action\u2019s effective date; null when the board\u2019s file does not date it.' }),
    action_detail: z
      .string()
      .nullable()
      .openapi({ description: 'Case or order number, or the misconduct text, as the board prints it.' }),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    npi: z.string().nullable(),
    npi_match: NpiMatchSchema,
    source: RowSourceSchema,
    verify_at: VerifyAtSchema,
  })
  .openapi('DisciplinaryAction');

export const DisciplinarySchema = z
  .object({
    npi: z.string(),
    as_of: z.string(),
    actions: z
      .array(DisciplinaryActionSchema)
      .openapi({ description: 'Newest first (undated last), then state and licence.' }),
    states_not_held: z.array(VerifyAtSchema).openapi({
      description:
        'States where the provider registered a licence in NPPES but whose discipline this service does not hold: verify there.',
    }),
    methodology_note: z.string(),
    ...provenance,
  })
  .openapi('ProviderDisciplinary');

export const AlertsSchema = z
  .object({
    as_of: z.string(),
    since: z.string(),
    items: z.array(DisciplinaryActionSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    scanned: z.number().int(),
    states_held: z.array(z.string()).openapi({ description: 'States whose dated actions feed the alerts.' }),
    methodology_note: z.string(),
    ...provenance,
  })
  .openapi('LicenseAlerts');

const Count = z.number().int().nullable();

export const StateLicensesSchema = z
  .object({
    state: z.string(),
    as_of: z.string(),
    bulk_data_held: z.boolean(),
    note: z.string(),
    adapter: z
      .object({
        source_id: z.string(),
        professions: z.array(Profession),
        rows: z.array(z.enum(['license', 'action'])),
        history: z.string(),
        published: z.string(),
        carries_npi: z.boolean(),
        omits: z.string(),
        layout: z.string(),
        loaded: z.boolean(),
        vintage: z
          .string()
          .nullable()
          .openapi({ description: 'When the file in force was observed (its start), YYYY-MM-DD.' }),
        licenses: Count.openapi({ description: 'Licence rows in force; null when withheld (below 11) or not loaded.' }),
        actions: Count.openapi({ description: 'Action rows in force; null when withheld (below 11) or not loaded.' }),
        withheld: z.array(z.enum(['licenses', 'actions'])),
      })
      .nullable()
      .openapi({
        description: 'The state adapter\u2019s coverage and vintage record; null when no bulk data is held.',
      }),
    board_directory: z
      .object({
        entries: z.array(VerifyAtSchema),
        compiled_on: z.string().nullable(),
      })
      .openapi({
        description: 'The state\u2019s boards from the curated directory (national look-ups when it lists none).',
      }),
    verify_at: z.array(VerifyAtSchema),
    ...provenance,
  })
  .openapi('StateLicenses');

export const DisciplineCoverageSchema = z
  .object({
    as_of: z.string(),
    states: z.array(
      z.object({
        state: z.string(),
        bulk_data_held: z.boolean(),
        state_actions: Count.openapi({
          description: 'Action rows the state adapter holds; null when withheld (below 11) or none held.',
        }),
        npdb_adverse_actions: Count.openapi({
          description:
            'NPDB adverse action reports whose first licence state is this one; null when withheld (below 11).',
        }),
        withheld: z.array(z.enum(['state_actions', 'npdb_adverse_actions'])),
        coverage_ratio: z.number().nullable().openapi({
          description:
            'state_actions / npdb_adverse_actions, rounded to 3 decimals; null when either is withheld or absent.',
        }),
      }),
    ),
    suppress_below: z.number().int(),
    methodology_note: z.string(),
    ...provenance,
  })
  .openapi('DisciplineCoverage');

export type VerifyAt = z.infer<typeof VerifyAtSchema>;
export type License = z.infer<typeof LicenseSchema>;
export type DisciplinaryAction = z.infer<typeof DisciplinaryActionSchema>;
