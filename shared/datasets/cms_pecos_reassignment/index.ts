import { defineSource } from '../module';
import { reassignmentLinksFeed } from './feed';
import { source } from './source';

/** Medicare reassignments: individual NPI to receiving group, feeding the provider links. */
export default defineSource({ source, datasets: [reassignmentLinksFeed] });
