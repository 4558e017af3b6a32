import { STATE_EXCLUSION_SOURCES } from '../../sources/decl/state-exclusions';
import { stateExclusionsDataset } from '../../state-exclusions/dataset';
import { stateLayoutFor } from '../../state-exclusions/layouts';
import { defineSource } from '../module';

const source = STATE_EXCLUSION_SOURCES.find((s) => s.sourceId === 'state_exclusions_az')!;

export default defineSource({
  source: {
    ...source,
    samples: 'shared/datasets/state_exclusions_az/fixtures/manifest.json',
    docs: source.docs.map((d) => ({ ...d, parser: (name: string) => stateLayoutFor(source.sourceId, name) })),
  },
  datasets: [stateExclusionsDataset],
});
