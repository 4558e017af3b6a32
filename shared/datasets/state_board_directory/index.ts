import { defineSource } from '../module';
import { boardDirectoryDataset } from './dataset';
import { source } from './source';

/** The curated board directory: the `verify_at` and `board_directory` blocks of /licenses/*. */
export default defineSource({ source, datasets: [boardDirectoryDataset] });
