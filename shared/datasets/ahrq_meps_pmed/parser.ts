import { Readable } from 'node:stream';
import { cellText, type OpenedWorkbook, openWorkbook, openWorkbookStream } from '../../formats/xlsx';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import type { MepsSegment } from '../../rx/meps-segments';
import { FYC_PARSER_HEAD, type MepsPersonDrugRecord, type MepsPersonRecord, PMED_PARSER_HEAD } from './head';

/**
 * A full-year consolidated workbook has ~1,500 columns for ~28,000 persons: its sheet part is far
 * over the reader's default guard. Rows are streamed, so the guard only bounds the disk spool.
 */
const MAX_PART_BYTES = 8 * 1024 * 1024 * 1024;

async function open(input: ByteInput): Promise<OpenedWorkbook> {
  if (Buffer.isBuffer(input)) return openWorkbook(input, { maxPartBytes: MAX_PART_BYTES });
  return openWorkbookStream(Readable.from(toChunks(input)), { maxPartBytes: MAX_PART_BYTES });
}

const text = (c: unknown) => (typeof c === 'number' ? String(c) : cellText(c as never)).trim();

/**
 * The data year of a MEPS file, from its year-suffixed weight column (`PERWT21F` is 2021): AHRQ
 * names every year-specific variable with the year's last two digits, so the header says which year
 * the file is whatever its HC number.
 */
export function dataYearOf(header: readonly string[], parserId: string, line: number): { year: number; yy: string } {
  for (const h of header) {
    const m = /^PERWT(\d{2})F$/i.exec(h.trim());
    if (m) return { year: 2000 + Number(m[1]), yy: m[1]! };
  }
  throw new PublisherFormatError(parserId, line, 'no PERWTyyF column: not a MEPS person-weighted file');
}

/** A MEPS numeric cell; AHRQ's reserved codes (-1 inapplicable, -7, -8, -9, -15 ...) read as null. */
function num(raw: string, parserId: string, line: number, column: string): number | null {
  if (raw === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n))
    throw new PublisherFormatError(parserId, line, `${column} ${JSON.stringify(raw)} is not a number`);
  return n < 0 ? null : n;
}

const PMED_ID = PMED_PARSER_HEAD.id;

/**
 * The fill records of a prescribed-medicines workbook (first sheet, header in row 1: AHRQ's XLSX
 * release of HC-xxxA), summed per person and drug. The file is grouped by person (AHRQ sorts it by
 * DUPERSID and RXRECIDX), so one person's drugs are held at a time; a person met again after
 * another is a format error, never a silent double count. Columns by name: DUPERSID, RXDRGNAM,
 * RXXPyyX, RXSFyyX, PERWTyyF (yy from the header).
 */
async function* parsePmed(input: ByteInput): AsyncGenerator<MepsPersonDrugRecord> {
  const wb = await open(input);
  try {
    let cols: { person: number; drug: number; xp: number; sf: number; wt: number; year: number } | null = null;
    let person: string | null = null;
    let held = new Map<string, MepsPersonDrugRecord>();
    const done = new Set<string>();
    let record = 0;
    const flush = function* () {
      // In order of each drug's first fill: locators never go back (findByLocator reads forward).
      for (const r of held.values()) yield { ...r, locator: { line: r.locator.line, record: ++record } };
      held = new Map();
    };
    for await (const r of wb.rows(0)) {
      const f = r.cells.map(text);
      const line = r.index + 1;
      if (!cols) {
        const h = new HeaderIndex(f, PMED_ID, line);
        const { year, yy } = dataYearOf(f, PMED_ID, line);
        cols = {
          person: h.require('DUPERSID'),
          drug: h.require('RXDRGNAM'),
          xp: h.require(`RXXP${yy}X`),
          sf: h.require(`RXSF${yy}X`),
          wt: h.require(`PERWT${yy}F`),
          year,
        };
        continue;
      }
      if (f.every((x) => x === '')) continue;
      const id = at(f, cols.person);
      if (!id) throw new PublisherFormatError(PMED_ID, line, 'DUPERSID is empty');
      if (id !== person) {
        if (person !== null) {
          yield* flush();
          done.add(person);
        }
        if (done.has(id))
          throw new PublisherFormatError(
            PMED_ID,
            line,
            `DUPERSID ${id} appears again after other persons: the file is not grouped by person`,
          );
        person = id;
      }
      const rawDrug = at(f, cols.drug).toUpperCase();
      const drug = rawDrug === '' || /^-\d+$/.test(rawDrug) ? '(NOT ASCERTAINED)' : rawDrug;
      const xp = num(at(f, cols.xp), PMED_ID, line, 'RXXP') ?? 0;
      const sf = num(at(f, cols.sf), PMED_ID, line, 'RXSF') ?? 0;
      const wt = num(at(f, cols.wt), PMED_ID, line, 'PERWT') ?? 0;
      const prev = held.get(drug);
      if (prev) {
        prev.fills += 1;
        prev.expenditure += xp;
        prev.out_of_pocket += sf;
      } else
        held.set(drug, {
          data_year: cols.year,
          dupersid: id,
          drug,
          fills: 1,
          expenditure: xp,
          out_of_pocket: sf,
          person_weight: wt,
          locator: { line, record: 0 },
        });
    }
    if (!cols) throw new PublisherFormatError(PMED_ID, 1, 'empty workbook: no header');
    yield* flush();
  } finally {
    wb.close();
  }
}

const FYC_ID = FYC_PARSER_HEAD.id;

/**
 * The segment rule: persons 65 or older (by AGEyyX, else AGELAST) are `age_65_plus` whatever their
 * coverage; under 65, INSCOVyy decides: 1 `private_under_65` (any private coverage in the year),
 * 2 `public_only_under_65`, 3 `uninsured_under_65` (uninsured all year). A reserved age or
 * coverage code is `not_classified`.
 */
export function segmentOf(age: number | null, inscov: 1 | 2 | 3 | null): MepsSegment {
  if (age === null) return 'not_classified';
  if (age >= 65) return 'age_65_plus';
  if (inscov === 1) return 'private_under_65';
  if (inscov === 2) return 'public_only_under_65';
  if (inscov === 3) return 'uninsured_under_65';
  return 'not_classified';
}

/**
 * The persons of a full-year consolidated workbook (first sheet, header in row 1), reading only
 * DUPERSID, AGEyyX, AGELAST, INSCOVyy and PERWTyyF by name.
 */
async function* parseFyc(input: ByteInput): AsyncGenerator<MepsPersonRecord> {
  const wb = await open(input);
  try {
    let cols: { person: number; age: number; ageLast: number; inscov: number; wt: number; year: number } | null = null;
    let record = 0;
    for await (const r of wb.rows(0)) {
      const f = r.cells.map(text);
      const line = r.index + 1;
      if (!cols) {
        const h = new HeaderIndex(f, FYC_ID, line);
        const { year, yy } = dataYearOf(f, FYC_ID, line);
        cols = {
          person: h.require('DUPERSID'),
          age: h.require(`AGE${yy}X`),
          ageLast: h.find('AGELAST'),
          inscov: h.require(`INSCOV${yy}`),
          wt: h.require(`PERWT${yy}F`),
          year,
        };
        continue;
      }
      if (f.every((x) => x === '')) continue;
      const id = at(f, cols.person);
      if (!id) throw new PublisherFormatError(FYC_ID, line, 'DUPERSID is empty');
      const age = num(at(f, cols.age), FYC_ID, line, 'AGE') ?? num(at(f, cols.ageLast), FYC_ID, line, 'AGELAST');
      const cov = num(at(f, cols.inscov), FYC_ID, line, 'INSCOV');
      const inscov = cov === 1 || cov === 2 || cov === 3 ? cov : null;
      yield {
        data_year: cols.year,
        dupersid: id,
        age,
        inscov,
        person_weight: num(at(f, cols.wt), FYC_ID, line, 'PERWT') ?? 0,
        segment: segmentOf(age, inscov),
        locator: { line, record: ++record },
      };
    }
    if (!cols) throw new PublisherFormatError(FYC_ID, 1, 'empty workbook: no header');
  } finally {
    wb.close();
  }
}

export const pmedParser: PublisherParser<MepsPersonDrugRecord> = {
  ...PMED_PARSER_HEAD,
  parse: (input) => parsePmed(input),
  codesOf: () => [],
};

export const fycParser: PublisherParser<MepsPersonRecord> = {
  ...FYC_PARSER_HEAD,
  parse: (input) => parseFyc(input),
  codesOf: () => [],
};
