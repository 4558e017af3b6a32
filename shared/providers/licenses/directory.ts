import type { CatalogDataset } from '../../catalog/dataset';
import { requireDataset } from '../../catalog/datasets';
import type { ListingRowSource } from '../../catalog/query';
import { readWholeListing } from '../../catalog/query';
import type { DatasetView } from '../../catalog/view';
import type { Deps } from '../../deps';
import type { VerifyAt } from './license-schemas';
import { BOARD_DIRECTORY, type BoardRow, type Profession } from './rows';

/** The national look-ups that stand in where the directory has no entry for a state. */
export const NATIONAL = 'US';

export interface Directory {
  /** Where a licence of `profession` in `state` is verified (never null: national look-ups last). */
  verifyAt(state: string, profession: Profession | 'all', held: boolean): VerifyAt;
  /** Every entry of the state (its own; national ones when it has none). */
  entries(state: string, held: (state: string) => boolean): VerifyAt[];
  compiledOn: string | null;
}

export function directoryDataset(): CatalogDataset {
  return requireDataset(BOARD_DIRECTORY);
}

/**
 * The curated directory in force (a few dozen entries), read whole through the process's listing
 * cache: one storage read on a cold process, none after. Order of preference for a licence: the
 * state's entry for its profession, the state's `all` entry, the national entry for the profession,
 * then the first national entry (physicians, FSMB DocInfo).
 */
export async function readDirectory(deps: Deps, view: DatasetView): Promise<Directory> {
  const rows = view.versions.length ? await readWholeListing(deps, view.dataset, 'boards', { versions: view }) : [];
  const entries = rows.map((r) => ({ row: r.value as unknown as BoardRow, source: r.source }));
  const toVerify = (
    e: { row: BoardRow; source: ListingRowSource } | undefined,
    state: string,
    profession: Profession | 'all',
    held: boolean,
  ): VerifyAt =>
    e
      ? {
          state,
          profession: e.row.profession,
          scope: e.row.state === NATIONAL ? 'national' : 'state',
          board: e.row.board,
          lookup_url: e.row.lookup_url,
          discipline_url: e.row.discipline_url,
          bulk_data_held: held,
          source: { ...e.source, locator: e.source.locator ?? { line: 1, record: 1 } },
        }
      : {
          state,
          profession,
          scope: 'national',
          board: 'The board directory (state_board_directory) is not loaded: search the state board',
          lookup_url: 'https://www.docinfo.org/',
          discipline_url: null,
          bulk_data_held: held,
          source: null,
        };
  const find = (state: string, profession: Profession | 'all') =>
    entries.find((e) => e.row.state === state && e.row.profession === profession);
  return {
    compiledOn: entries[0]?.row.compiled_on ?? null,
    verifyAt(state, profession, held) {
      const e =
        find(state, profession) ??
        find(state, 'all') ??
        find(NATIONAL, profession) ??
        entries.find((x) => x.row.state === NATIONAL);
      return toVerify(e, state, profession, held);
    },
    entries(state, held) {
      const own = entries.filter((e) => e.row.state === state);
      const list = own.length ? own : entries.filter((e) => e.row.state === NATIONAL);
      return list.map((e) => toVerify(e, state, e.row.profession, held(state)));
    },
  };
}
