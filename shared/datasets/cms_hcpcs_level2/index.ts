import type { RowFacts } from '../../facts/registry';
import { defineSource } from '../module';
import { hcpcsFacts } from './facts';
import { cmsHcpcsLevel2 } from './source';

export default defineSource({
  source: cmsHcpcsLevel2,
  facts: { 'hcpcs:1': hcpcsFacts as RowFacts },
});
