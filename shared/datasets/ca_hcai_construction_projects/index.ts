import { defineSource } from '../module';
import { hcaiSignalsFeed } from './feed';
import { source } from './source';

/** California HCAI health-facility construction projects: construction signals. */
export default defineSource({ source, datasets: [hcaiSignalsFeed] });
