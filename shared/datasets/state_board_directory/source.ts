import type { BoardRow } from '../../providers/licenses/rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { DIRECTORY_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const directoryParser = lazyParser<BoardRow>(
  DIRECTORY_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).directoryParser,
);

/** The curated file kept in this folder, archived by import (a dated copy may carry its date). */
export const DIRECTORY_FILE = /^state-board-directory(-\d{4}-\d{2}-\d{2})?\.json$/i;

/**
 * The board directory: per state and profession, the board, its licence lookup page and its
 * disciplinary page, and whether this service holds the board's bulk file. No publisher serves it
 * as a file, so it is curated here (./state-board-directory.json, its provenance in its `note`)
 * and archived by import: every licence read names the version it used, and a correction is a new
 * archived version.
 */
export const source: SourceDecl = {
  sourceId: 'state_board_directory',
  title: 'State licensing board directory (curated)',
  publisher: 'Curated by this service from the state boards\u2019 public sites',
  license: { name: 'Compiled facts (board names and public addresses)' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'exempt', reason: 'curated here: a new version is archived when an entry changes' },
  accuracyClass: 'derived',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.fsmb.org/contact-a-state-medical-board/',
      kind: 'listing',
      note: 'The FSMB list of state medical and osteopathic boards, archived as evidence the curated entries are checked against; it links no document of this source (the directory is imported from this folder).',
    },
  ],
  samples: 'shared/datasets/state_board_directory/fixtures/manifest.json',
  docs: [
    {
      docId: 'state_boards:1',
      title: 'Board lookup and disciplinary pages by state and profession (curated JSON)',
      match: DIRECTORY_FILE,
      parser: () => directoryParser,
    },
  ],
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
