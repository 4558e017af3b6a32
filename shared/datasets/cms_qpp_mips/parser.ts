import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { amount, integer, text } from '../../publishers/common/values';
import { MIPS_PARSER_HEAD } from './head';

const ID = MIPS_PARSER_HEAD.id;

/** Which published layout a file is in (read from its header). */
export type MipsLayout = 'pdc_ec_score' | 'qpp_experience';

/**
 * One clinician row of a MIPS performance file: the NPI, the practice it was scored under (the
 * PECOS group PAC ID of the Doctors and Clinicians file; null in the QPP Experience file), the
 * category scores and the final score (points out of 100, as published), and what the file itself
 * says of state, specialty and volume (only the QPP Experience file has them).
 */
export interface MipsRecord extends Located {
  layout: MipsLayout;
  npi: string;
  org_pac_id: string | null;
  last_name: string | null;
  first_name: string | null;
  /** How the score was reached (individual, group, virtual group, APM entity), as published. */
  score_source: string | null;
  quality_score: number | null;
  pi_score: number | null;
  ia_score: number | null;
  cost_score: number | null;
  final_score: number | null;
  /** PY 2021 on: the final score before the complex patient bonus. */
  final_score_without_cpb: number | null;
  file_practice_state: string | null;
  file_specialty: string | null;
  medicare_patients: number | null;
  /** The published row as-is, by header name. */
  source_row: Record<string, string>;
}

/**
 * Versioned column map: each field with the header names of each layout (compared case- and
 * space-insensitively). `pdc_ec_score`: the Provider Data Catalog "PY <year> Clinician Public
 * Reporting: Overall MIPS Performance" file (ec_score_file.csv), names of the PY 2021 Doctors and
 * Clinicians data dictionary and the lower-case names of the PDC API export. `qpp_experience`: the
 * data.cms.gov Quality Payment Program Experience public use file.
 */
const COLUMNS = {
  npi: { pdc_ec_score: ['NPI'], qpp_experience: ['NPI'] },
  org: { pdc_ec_score: ['Org_PAC_ID', 'org_pac_id'], qpp_experience: [] },
  last: { pdc_ec_score: ['lst_nm', 'provider_last_name'], qpp_experience: [] },
  first: { pdc_ec_score: ['frst_nm', 'provider_first_name'], qpp_experience: [] },
  source: { pdc_ec_score: ['source'], qpp_experience: ['Participation Option'] },
  quality: { pdc_ec_score: ['Quality_category_score'], qpp_experience: ['Quality Category Score'] },
  pi: {
    pdc_ec_score: ['PI_category_score'],
    qpp_experience: ['Promoting Interoperability (PI) Category Score'],
  },
  ia: { pdc_ec_score: ['IA_category_score'], qpp_experience: ['Improvement Activities (IA) Category Score'] },
  cost: { pdc_ec_score: ['Cost_category_score'], qpp_experience: ['Cost Category Score'] },
  final: { pdc_ec_score: ['final_MIPS_score'], qpp_experience: ['Final Score'] },
  withoutCpb: { pdc_ec_score: ['final_MIPS_score_without_CPB'], qpp_experience: [] },
  state: { pdc_ec_score: [], qpp_experience: ['Practice State or US Territory'] },
  specialty: { pdc_ec_score: [], qpp_experience: ['Clinician Specialty'] },
  patients: { pdc_ec_score: [], qpp_experience: ['Medicare Patients'] },
} as const satisfies Record<string, Record<MipsLayout, readonly string[]>>;

type Col = keyof typeof COLUMNS;
const REQUIRED: readonly Col[] = ['npi', 'final'];

function layoutOf(h: HeaderIndex): MipsLayout | null {
  if (h.find(...COLUMNS.final.pdc_ec_score) >= 0) return 'pdc_ec_score';
  if (h.find(...COLUMNS.final.qpp_experience) >= 0) return 'qpp_experience';
  return null;
}

async function* parseMips(input: ByteInput): AsyncGenerator<MipsRecord> {
  let layout: MipsLayout | null = null;
  let pos: Record<Col, number> | null = null;
  let names: readonly string[] = [];
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, ID, rec.line);
      layout = layoutOf(h);
      if (!layout) throw new PublisherFormatError(ID, rec.line, 'missing column "final_MIPS_score" (or "Final Score")');
      const l = layout;
      pos = Object.fromEntries(
        (Object.keys(COLUMNS) as Col[]).map((k) => [
          k,
          REQUIRED.includes(k) ? h.require(...COLUMNS[k][l]) : h.find(...COLUMNS[k][l]),
        ]),
      ) as Record<Col, number>;
      names = f.map((n) => n.trim());
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: Col) => text(at(f, pos![k]));
    const n = (k: Col) => amount(at(f, pos![k]), ID, rec.line);
    const npi = (g('npi') ?? '').replace(/\D/g, '');
    if (!/^\d{10}$/.test(npi))
      throw new PublisherFormatError(ID, rec.line, `NPI ${JSON.stringify(g('npi'))} is not 10 digits`);
    const org = (g('org') ?? '').replace(/\D/g, '');
    const state = g('state')?.toUpperCase() ?? null;
    yield {
      layout: layout!,
      npi,
      org_pac_id: org ? org.padStart(10, '0') : null,
      last_name: g('last'),
      first_name: g('first'),
      score_source: g('source'),
      quality_score: n('quality'),
      pi_score: n('pi'),
      ia_score: n('ia'),
      cost_score: n('cost'),
      final_score: n('final'),
      final_score_without_cpb: n('withoutCpb'),
      file_practice_state: state && /^[A-Z]{2}$/.test(state) ? state : null,
      file_specialty: g('specialty'),
      medicare_patients: integer(at(f, pos.patients).replace(/,/g, ''), ID, rec.line),
      source_row: Object.fromEntries(names.map((name, i) => [name, f[i] ?? ''])),
      locator: { line: rec.line, record: ++count },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const mipsParser: PublisherParser<MipsRecord> = {
  ...MIPS_PARSER_HEAD,
  parse: parseMips,
  codesOf: () => [],
};
