import { nadacParser } from '../../publishers/nadac/nadac';
import { medicaidNadac } from '../../sources/decl/medicaid-nadac';
import { defineSource } from '../module';

export default defineSource({
  source: {
    ...medicaidNadac,
    samples: 'shared/datasets/medicaid_nadac/fixtures/manifest.json',
    docs: medicaidNadac.docs.map((d) => ({ ...d, parser: () => nadacParser })),
  },
});
