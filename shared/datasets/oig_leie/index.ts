import { federalExclusionsDataset } from '../../exclusions/federal-dataset';
import { leieParser } from '../../publishers/leie/leie';
import { oigLeie } from '../../sources/decl/oig-leie';
import { defineSource } from '../module';

/**
 * The LEIE is read by the catalog only (the exclusions screen, which the warrant's standing block
 * runs too): parsed and stored once, as exclusion rows.
 */
export default defineSource({
  source: {
    ...oigLeie,
    samples: 'shared/datasets/oig_leie/fixtures/manifest.json',
    docs: oigLeie.docs.map((d) => ({ ...d, parser: () => leieParser })),
  },
  datasets: [federalExclusionsDataset],
});
