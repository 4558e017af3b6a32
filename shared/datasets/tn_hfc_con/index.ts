import { defineSource } from '../module';
import { tnConSignalsFeed } from './feed';
import { source } from './source';

/** Tennessee certificate-of-need projects (XLSX): approved and pending CON projects as construction signals. */
export default defineSource({ source, datasets: [tnConSignalsFeed] });
