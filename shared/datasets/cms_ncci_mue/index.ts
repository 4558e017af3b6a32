import type { RowFacts } from '../../facts/registry';
import { defineSource } from '../module';
import { mueFacts } from './facts';
import { cmsNcciMue } from './source';

export default defineSource({
  source: cmsNcciMue,
  facts: Object.fromEntries(cmsNcciMue.docs.map((d) => [d.docId, mueFacts as RowFacts])),
});
