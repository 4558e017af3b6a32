import type { RowFacts } from '../../facts/registry';
import { defineSource } from '../module';
import { ptpFacts } from './facts';
import { cmsNcciPtp } from './source';

export default defineSource({
  source: cmsNcciPtp,
  facts: Object.fromEntries(cmsNcciPtp.docs.map((d) => [d.docId, ptpFacts as RowFacts])),
});
