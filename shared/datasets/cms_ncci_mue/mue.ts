import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, normalizeName } from '../../publishers/common/header';
import { lineStartOf, mark } from '../../publishers/common/resume';
import type { ByteInput, Located, ParseOptions, PublisherParser, ResumeHeader } from '../../publishers/common/types';
import { codeText, requiredInteger, text } from '../../publishers/common/values';

const ID = 'cms_ncci_mue/mue-csv';

export type MueSetting = 'practitioner' | 'outpatient' | 'dme';

/**
 * One Medically Unlikely Edit: the unit cap for a code in a setting. The adjudication indicator
 * is split into its number (1 line edit, 2 date-of-service edit: policy, 3 date-of-service edit:
 * clinical) and the publisher's text after it.
 */
export interface MueRecord extends Located {
  code: string;
  setting: MueSetting;
  mue_value: number;
  adjudication_indicator: number;
  adjudication_indicator_text: string;
  rationale: string | null;
}

const CODE = /^[A-Z0-9]{5}$/;
const MAI = /^([0-9])\s*(.*)$/;

/** The setting named by the value column's header ("Practitioner Services MUE Values"), else by the file name. */
function settingOf(valueHeader: string, fileName: string | undefined): MueSetting | null {
  for (const s of [valueHeader, fileName ?? '']) {
    if (/practitioner/i.test(s)) return 'practitioner';
    if (/outpatient|facility/i.test(s)) return 'outpatient';
    if (/dme|supplier/i.test(s)) return 'dme';
  }
  return null;
}

/**
 * The NCCI MUE CSV (MCR_MUE_{PractitionerServices,OutpatientHospitalServices,DMESupplierServices}_Eff_MM-DD-YYYY.csv):
 * Latin-1/Windows-1252; first a multi-line quoted AMA copyright record padded with `,,,`; then a
 * header whose first field is quoted across a line break (`"HCPCS/\nCPT Code"`); then
 * code, MUE value, adjudication indicator text (`2 Date of Service Edit: Policy`), rationale.
 * Resumable: the setting the header named travels in the resume point.
 */
async function* parseMue(input: ByteInput, options?: ParseOptions): AsyncGenerator<MueRecord> {
  const resumeAt = options?.resumeAt;
  const cursor = options?.cursor;
  const start = lineStartOf(resumeAt);
  let setting = (resumeAt?.header?.context as MueSetting | undefined) ?? null;
  let header = setting !== null;
  let point: ResumeHeader | undefined;
  let count = resumeAt?.record ?? 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID, { start })) {
    const f = rec.fields;
    if (!header) {
      if (!normalizeName(f[0] ?? '').startsWith('hcpcs')) continue;
      header = true;
      setting = settingOf(at(f, 1), options?.fileName);
      if (!setting)
        throw new PublisherFormatError(ID, rec.line, `cannot tell the MUE setting from ${JSON.stringify(at(f, 1))}`);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const code = codeText(at(f, 0));
    if (!CODE.test(code)) throw new PublisherFormatError(ID, rec.line, `not a code: ${JSON.stringify(at(f, 0))}`);
    const mai = MAI.exec(at(f, 2).trim());
    if (!mai)
      throw new PublisherFormatError(ID, rec.line, `unreadable adjudication indicator ${JSON.stringify(at(f, 2))}`);
    const mueValue = requiredInteger(at(f, 1), ID, rec.line, 'MUE value');
    point ??= { bom: start.bom, context: setting! };
    mark(cursor, rec.end, rec.lastLine, ++count, point);
    yield {
      code,
      setting: setting!,
      mue_value: mueValue,
      adjudication_indicator: Number(mai[1]),
      adjudication_indicator_text: mai[2]!.trim(),
      rationale: text(at(f, 3)),
      locator: { line: rec.line, record: count },
    };
  }
  if (!header) throw new PublisherFormatError(ID, 1, 'no header row starting with "HCPCS/CPT Code"');
}

export const mueParser: PublisherParser<MueRecord> = {
  id: ID,
  version: '1',
  resumable: true,
  parse: (input, options) => parseMue(input, options),
  codesOf: (r) => [r.code],
};
