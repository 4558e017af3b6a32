import { PublisherFormatError } from '../../publishers/common/errors';
import { readLineBatches } from '../../publishers/common/lines';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import {
  isIngredientTty,
  type RxConceptRow,
  type RxIngredientLinkRow,
  type RxNdcRow,
  sortNameOf,
} from '../../rx/rxnorm-rows';
import { CONSO_HEAD, REL_HEAD, SAT_HEAD } from './head';

/**
 * RxNorm Rich Release Format files (NLM, "RxNorm Technical Documentation", section 12 "RxNorm
 * Files"): UTF-8, one record per line, fields separated by `|` with a trailing `|`, no header, no
 * quoting. Columns are in the documented order (the files name none), so each layout is a list of
 * the documented column names and a line must have at least that many fields. LF or CRLF (the real
 * sample's CRLF comes from the tool that subset it: PROVENANCE.md).
 */
export const RRF_COLUMNS = {
  RXNCONSO: [
    'RXCUI',
    'LAT',
    'TS',
    'LUI',
    'STT',
    'SUI',
    'ISPREF',
    'RXAUI',
    'SAUI',
    'SCUI',
    'SDUI',
    'SAB',
    'TTY',
    'CODE',
    'STR',
    'SRL',
    'SUPPRESS',
    'CVF',
  ],
  RXNSAT: ['RXCUI', 'LUI', 'SUI', 'RXAUI', 'STYPE', 'CODE', 'ATUI', 'SATUI', 'ATN', 'SAB', 'ATV', 'SUPPRESS', 'CVF'],
  RXNREL: [
    'RXCUI1',
    'RXAUI1',
    'STYPE1',
    'REL',
    'RXCUI2',
    'RXAUI2',
    'STYPE2',
    'RELA',
    'RUI',
    'SRUI',
    'SAB',
    'SL',
    'DIR',
    'RG',
    'SUPPRESS',
    'CVF',
  ],
} as const;

type Layout = keyof typeof RRF_COLUMNS;
type Cells = Record<string, string>;

async function* rrfRecords(input: ByteInput, layout: Layout, parserId: string) {
  const names = RRF_COLUMNS[layout];
  for await (const batch of readLineBatches(input, 'utf-8', parserId)) {
    for (const l of batch) {
      if (l.text === '') continue;
      const fields = l.text.split('|');
      if (fields.length < names.length)
        throw new PublisherFormatError(
          parserId,
          l.line,
          `${layout}: ${fields.length} fields, the layout has ${names.length} (is this ${layout}.RRF?)`,
        );
      const row: Cells = {};
      names.forEach((n, i) => {
        row[n] = fields[i]!;
      });
      yield { row, line: l.line };
    }
  }
}

const orNull = (s: string | undefined) => (s === undefined || s === '' ? null : s);
const DIGITS = /^\d+$/;

/** RXNCONSO, the SAB RXNORM rows (the other vocabularies of a full release are skipped). */
async function* parseConso(input: ByteInput): AsyncGenerator<RxConceptRow> {
  const ID = CONSO_HEAD.id;
  let record = 0;
  for await (const { row, line } of rrfRecords(input, 'RXNCONSO', ID)) {
    if (row.SAB !== 'RXNORM') continue;
    if (!DIGITS.test(row.RXCUI!))
      throw new PublisherFormatError(ID, line, `RXCUI ${JSON.stringify(row.RXCUI)} is not digits`);
    const tty = row.TTY!;
    yield {
      rxcui: row.RXCUI!,
      rxaui: row.RXAUI!,
      tty,
      str: row.STR!,
      suppress: orNull(row.SUPPRESS),
      cvf: orNull(row.CVF),
      ingredient_tty: isIngredientTty(tty) ? tty : null,
      sort_name: sortNameOf(row.STR!, row.RXCUI!),
      source_row: row,
      locator: { line, record: ++record },
    };
  }
}

/** RXNSAT, the NDC attributes NLM normalized (ATN NDC, SAB RXNORM: 11 digits); other attributes skipped. */
async function* parseSat(input: ByteInput): AsyncGenerator<RxNdcRow> {
  const ID = SAT_HEAD.id;
  let record = 0;
  for await (const { row, line } of rrfRecords(input, 'RXNSAT', ID)) {
    if (row.ATN !== 'NDC' || row.SAB !== 'RXNORM') continue;
    const ndc = row.ATV!.trim();
    if (!/^\d{11}$/.test(ndc)) throw new PublisherFormatError(ID, line, `NDC ${JSON.stringify(ndc)} is not 11 digits`);
    yield {
      ndc11: ndc,
      rxcui: row.RXCUI!,
      rxaui: orNull(row.RXAUI),
      suppress: orNull(row.SUPPRESS),
      locator: { line, record: ++record },
    };
  }
}

/** Relationships walked from a drug toward its components (RXCUI2 RELA RXCUI1). */
const WALK = new Set(['consists_of', 'contains', 'tradename_of']);
/** The last step: the object is an ingredient (IN, PIN, MIN; BN for SBD's has_ingredient, filtered on read by TTY). */
const INGREDIENT = new Set(['has_ingredient', 'has_precise_ingredient', 'has_ingredients']);
/** A drug concept: the subject of consists_of (SCD, SBD) or contains (GPCK, BPCK). */
const DRUG_MARK = new Set(['consists_of', 'contains']);
const MAX_DEPTH = 4;

/**
 * RXNREL, reduced when the file loads to one row per (drug, ingredient): RxNorm reads a row as
 * "RXCUI2 RELA RXCUI1" (SCD consists_of SCDC is RXCUI1 = the SCDC, RXCUI2 = the SCD). The
 * relationships of WALK and INGREDIENT (SAB RXNORM, not suppressed) are held as a graph, which is
 * bounded by the release's concepts, not by its NDCs; then each drug is walked (at most four steps)
 * and its ingredients emitted, drugs in numeric order, each located at the file's last line (the
 * links exist only once the file is read whole; `record` numbers them). Other relationships are skipped.
 */
async function* parseRel(input: ByteInput): AsyncGenerator<RxIngredientLinkRow> {
  const ID = REL_HEAD.id;
  const walk = new Map<string, { rela: string; to: string }[]>();
  const has = new Map<string, { rela: string; to: string }[]>();
  const drugs = new Set<string>();
  let lastLine = 0;
  for await (const { row, line } of rrfRecords(input, 'RXNREL', ID)) {
    lastLine = line;
    if (row.SAB !== 'RXNORM' || row.SUPPRESS === 'O' || row.SUPPRESS === 'Y') continue;
    const rela = row.RELA!;
    const subject = row.RXCUI2!;
    const object = row.RXCUI1!;
    if (!WALK.has(rela) && !INGREDIENT.has(rela)) continue;
    if (!DIGITS.test(subject) || !DIGITS.test(object))
      throw new PublisherFormatError(ID, line, `RXCUI1/RXCUI2 ${object}/${subject} are not digits`);
    const map = WALK.has(rela) ? walk : has;
    const list = map.get(subject) ?? [];
    list.push({ rela, to: object });
    map.set(subject, list);
    if (DRUG_MARK.has(rela)) drugs.add(subject);
  }
  let record = 0;
  for (const drug of [...drugs].sort((a, b) => Number(a) - Number(b))) {
    const found = new Map<string, { via: string; path: string }>();
    const seen = new Set([drug]);
    let frontier: { cui: string; path: string[] }[] = [{ cui: drug, path: [] }];
    for (let depth = 0; depth <= MAX_DEPTH && frontier.length; depth++) {
      const next: typeof frontier = [];
      for (const { cui, path } of frontier) {
        for (const h of has.get(cui) ?? []) {
          if (!found.has(h.to)) found.set(h.to, { via: h.rela, path: [...path, h.rela].join('>') });
        }
        for (const w of walk.get(cui) ?? []) {
          if (seen.has(w.to)) continue;
          seen.add(w.to);
          next.push({ cui: w.to, path: [...path, w.rela] });
        }
      }
      frontier = next;
    }
    for (const [ingredient, f] of [...found].sort((a, b) => Number(a[0]) - Number(b[0]))) {
      yield {
        drug_rxcui: drug,
        ingredient_rxcui: ingredient,
        via: f.via,
        path: f.path,
        // Computed once the whole file is read: every link is located at the file's last line, in record order.
        locator: { line: lastLine, record: ++record },
      };
    }
  }
}

export const conceptsParser: PublisherParser<RxConceptRow> = {
  ...CONSO_HEAD,
  parse: (input) => parseConso(input),
  codesOf: () => [],
};
export const ndcsParser: PublisherParser<RxNdcRow> = {
  ...SAT_HEAD,
  parse: (input) => parseSat(input),
  codesOf: () => [],
};
export const linksParser: PublisherParser<RxIngredientLinkRow> = {
  ...REL_HEAD,
  parse: (input) => parseRel(input),
  codesOf: () => [],
};
