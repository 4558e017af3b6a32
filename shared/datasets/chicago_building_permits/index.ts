import { defineSource } from '../module';
import { chicagoSignalsFeed } from './feed';
import { source } from './source';

/** Chicago building permits (SODA), kept when they name a health facility: construction signals. */
export default defineSource({ source, datasets: [chicagoSignalsFeed] });
