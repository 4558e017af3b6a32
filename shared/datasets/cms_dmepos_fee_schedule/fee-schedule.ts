import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { amount, codeText, publicDescriptor, text } from '../../publishers/common/values';

const ID = 'cms_dmepos_fee_schedule/fee-csv';

/** One state's fee pair as published: the non-rural `XX (NR)` and rural `XX (R)` columns. */
export interface StateFee {
  nonrural: number | null;
  rural: number | null;
}

/**
 * One row of the DMEPOS or PEN fee schedule: a (code, modifier, second modifier) with its
 * jurisdiction, category, ceiling and floor (DMEPOS only; null on PEN), the per-state fees keyed
 * by USPS code, and the short description. Amounts are numbers exactly as printed (0.00 stays 0:
 * whether a zero rural fee means "not applicable" is the reader's call, not the parser's).
 */
export interface DmeposFeeRecord extends Located {
  schedule: 'dmepos' | 'pen';
  code: string;
  modifier: string | null;
  modifier2: string | null;
  jurisdiction: string | null;
  category: string | null;
  ceiling: number | null;
  floor: number | null;
  fees: Record<string, StateFee>;
  description: string | null;
}

const STATE_COLUMN = /^([A-Z]{2}) ?\((NR|R)\)$/;
const CODE = /^[A-Z0-9]{5}$/;

interface Layout {
  schedule: DmeposFeeRecord['schedule'];
  code: number;
  mod: number;
  mod2: number;
  juris: number;
  catg: number;
  ceiling: number;
  floor: number;
  description: number;
  states: Array<{ state: string; nr: number; r: number }>;
}

function layout(fields: string[], line: number): Layout {
  const h = new HeaderIndex(fields, ID, line);
  const byState = new Map<string, { nr: number; r: number }>();
  fields.forEach((name, i) => {
    const m = STATE_COLUMN.exec(name.trim().toUpperCase());
    if (!m) return;
    const entry = byState.get(m[1]!) ?? { nr: -1, r: -1 };
    if (m[2] === 'NR') entry.nr = i;
    else entry.r = i;
    byState.set(m[1]!, entry);
  });
  if (byState.size === 0) throw new PublisherFormatError(ID, line, 'no state fee columns such as "AL (NR)"');
  const juris = h.find('JURIS');
  return {
    schedule: juris >= 0 ? 'dmepos' : 'pen',
    code: h.require('HCPCS'),
    mod: h.require('Mod'),
    mod2: h.find('Mod2'),
    juris,
    catg: h.find('CATG'),
    ceiling: h.find('Ceiling'),
    floor: h.find('Floor'),
    description: h.find('Description', 'Desc'),
    states: [...byState.entries()].map(([state, p]) => ({ state, ...p })),
  };
}

/**
 * The DMEPOS fee schedule CSV (DMEPOS_JAN.csv: title lines, spacer rows, then the header
 * `HCPCS,Mod,Mod2,JURIS,CATG,Ceiling,Floor,AL (NR),AL (R),...,Description`) and the PEN schedule
 * CSV (DMEPEN_JAN.csv: `HCPCS,MOD,MOD2,AL(NR),AL(R),...,Desc`). Everything before the row whose
 * first cell is `HCPCS` is preamble; the layout variant is read from the header, not the name.
 */
async function* parseFees(input: ByteInput): AsyncGenerator<DmeposFeeRecord> {
  let c: Layout | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID)) {
    const f = rec.fields;
    if (!c) {
      if (normalizeName(f[0] ?? '') === 'hcpcs') c = layout(f, rec.line);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const code = codeText(at(f, c.code));
    if (!CODE.test(code)) throw new PublisherFormatError(ID, rec.line, `not a HCPCS code: ${JSON.stringify(code)}`);
    const money = (p: number) => amount(at(f, p), ID, rec.line);
    const fees: Record<string, StateFee> = {};
    for (const s of c.states) fees[s.state] = { nonrural: money(s.nr), rural: money(s.r) };
    yield {
      schedule: c.schedule,
      code,
      modifier: text(at(f, c.mod).toUpperCase()),
      modifier2: text(at(f, c.mod2).toUpperCase()),
      jurisdiction: text(at(f, c.juris)),
      category: text(at(f, c.catg)),
      ceiling: money(c.ceiling),
      floor: money(c.floor),
      fees,
      description: publicDescriptor(code, at(f, c.description)),
      locator: { line: rec.line, record: ++count },
    };
  }
  if (!c) throw new PublisherFormatError(ID, 1, 'no header row starting with HCPCS');
}

export const dmeposFeeParser: PublisherParser<DmeposFeeRecord> = {
  id: ID,
  version: '1',
  parse: (input) => parseFees(input),
  codesOf: (r) => [r.code],
};
