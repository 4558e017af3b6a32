import { getSource } from '../sources/registry';
import type { IngestedFile, IngestResult } from './ingest-types';

/**
 * What an operator is told about an ingest, in words shared by `archive import` and fetch runs:
 * which as-of rule will decide each new version, which documents now mix windowed and observed
 * versions, and which files matched no document of their source (archived, but read by no answer).
 */

/** Most names listed in one line about zip members without a document; the rest are counted. */
export const MAX_NAMES_LISTED = 10;

/** One line per new version: its id, document and name, and the rule that will decide it. */
export function ruleLine(f: IngestedFile): string {
  const what = `New version ${f.versionId} of ${f.docId} (${f.name})`;
  return f.rule === 'publisher_effective_window'
    ? `${what}: rule publisher_effective_window (it has a publisher effective date, ${f.effectiveFrom}).`
    : `${what}: rule first_observed (it has no publisher effective date, so it starts on the day it was first observed).`;
}

/** The distinct mixed-timeline warnings of an ingest, one per document. */
export function timelineWarnings(files: readonly IngestedFile[]): string[] {
  return [...new Set(files.flatMap((f) => (f.warning ? [`WARNING: ${f.warning}`] : [])))];
}

function docList(sourceId: string): string {
  const docs = getSource(sourceId)?.docs.map((d) => d.docId) ?? [];
  return docs.length ? docs.join(', ') : 'none declared';
}

function names(files: readonly IngestedFile[]): string {
  const shown = files.slice(0, MAX_NAMES_LISTED).map((f) => f.name);
  const more = files.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * The files of an ingest that matched no document: the top file in its own line, zip members in
 * one line with their count (a zip of readmes must not flood the output). `hint` says how the
 * operator places such a file by hand (`--doc`). `skipTop` leaves out a
 * top file archived without a document on purpose (a listing page, kept as evidence of its links);
 * `onlyNew` keeps only files archived for the first time (a scheduled fetch says it once).
 */
export function unmatchedLines(
  result: IngestResult,
  sourceId: string,
  hint: { file: string; member: string },
  opts: { skipTop?: boolean; onlyNew?: boolean } = {},
): string[] {
  const out: string[] = [];
  const reported = (f: IngestedFile) => f.unmatched && (!opts.onlyNew || f.newFile);
  const [top, ...members] = result.files;
  const docs = `documents of ${sourceId}: ${docList(sourceId)}`;
  if (top && reported(top) && !opts.skipTop) {
    out.push(
      `${top.name} matched no document of ${sourceId}: archived as a file without a document, so no answer reads it. ${hint.file} (${docs}).`,
    );
  }
  const loose = members.filter(reported);
  if (loose.length) {
    out.push(
      `${loose.length} zip member(s) matched no document of ${sourceId}: ${names(loose)}. Archived as files without a document, so no answer reads them; ${hint.member} (${docs}).`,
    );
  }
  return out;
}
