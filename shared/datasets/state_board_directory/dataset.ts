import { defineDataset } from '../../catalog/dataset';
import { BOARD_DIRECTORY, type BoardRow, BoardRowSchema } from '../../providers/licenses/rows';
import { directoryParser } from './source';

/**
 * The curated board directory, one row per (state, profession) entry, found by state (`US` holds
 * the national fallbacks). Read as loaded whatever its age (`identity`): an address does not lapse
 * with a cadence; a correction is a new archived version.
 */
export const boardDirectoryDataset = defineDataset<BoardRow>({
  id: BOARD_DIRECTORY,
  title: 'State licensing board directory (curated)',
  loaderVersion: '1',
  docs: [{ sourceId: 'state_board_directory', docId: 'state_boards:1', mode: 'snapshot' }],
  parserFor: (f) =>
    f.source_id === 'state_board_directory' && f.doc_id === 'state_boards:1' ? directoryParser : undefined,
  schema: BoardRowSchema,
  indexes: [{ name: 'state', keys: (r) => [r.state] }],
  listings: {
    boards: { description: 'Every entry, by state.', sort: { field: 'state', type: 'string' } },
  },
  freshness: 'identity',
});
