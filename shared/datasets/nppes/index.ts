import { nppesDataset } from '../../catalog/nppes/dataset';
import { nppesParser } from '../../publishers/nppes/npidata';
import { nppes } from '../../sources/decl/nppes';
import { defineSource } from '../module';

export default defineSource({
  source: {
    ...nppes,
    samples: 'shared/datasets/nppes/fixtures/manifest.json',
    docs: nppes.docs.map((d) => ({ ...d, parser: () => nppesParser })),
  },
  datasets: [nppesDataset],
});
