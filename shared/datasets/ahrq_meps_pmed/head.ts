import type { ParserHead } from '../../publishers/common/lazy';
import type { Located } from '../../publishers/common/types';
import type { MepsSegment } from '../../rx/meps-segments';

/** What the declarations know of the parsers without their code (./parser.ts, required on first use). */
export const PMED_PARSER_HEAD: ParserHead = { id: 'ahrq_meps_pmed/pmed-xlsx', version: '1' };
export const FYC_PARSER_HEAD: ParserHead = { id: 'ahrq_meps_pmed/fyc-xlsx', version: '1' };

/**
 * One person's acquisitions of one drug in a MEPS prescribed-medicines file (HC-xxxA): the file's
 * fill records of that person (DUPERSID) and Multum drug name (RXDRGNAM) summed. The locator is
 * the first of those fill rows.
 */
export interface MepsPersonDrugRecord extends Located {
  data_year: number;
  dupersid: string;
  /** RXDRGNAM as published, trimmed and upper-cased; `(NOT ASCERTAINED)` for AHRQ's negative reserved codes. */
  drug: string;
  /** Acquisitions (fill records) of the drug by the person in the year. */
  fills: number;
  /** Sum of RXXPyyX: total payments for the acquisitions, in dollars. */
  expenditure: number;
  /** Sum of RXSFyyX: paid by the person or family, in dollars. */
  out_of_pocket: number;
  /** PERWTyyF: the person's full-year weight (0 for persons in the file only through a family weight). */
  person_weight: number;
}

/** One person of a MEPS full-year consolidated file (HC-xxx): what the segment is derived from. */
export interface MepsPersonRecord extends Located {
  data_year: number;
  dupersid: string;
  /** AGEyyX (age on 31 December), else AGELAST (age when last in scope); null when both are reserved codes. */
  age: number | null;
  /** INSCOVyy: 1 any private, 2 public only, 3 uninsured; null when reserved. */
  inscov: 1 | 2 | 3 | null;
  person_weight: number;
  segment: MepsSegment;
}
