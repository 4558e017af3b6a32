import { STATE_EXCLUSION_SOURCES } from '../../sources/decl/state-exclusions';
import { stateExclusionsDataset } from '../../state-exclusions/dataset';
import { stateLayoutFor } from '../../state-exclusions/layouts';
import { defineSource } from '../module';

const source = STATE_EXCLUSION_SOURCES.find((s) => s.sourceId === 'state_exclusions_ms')!;

export default defineSource({
  source: {
    ...source,
    docs: source.docs.map((d) => ({ ...d, parser: (name: string) => stateLayoutFor(source.sourceId, name) })),
  },
  datasets: [stateExclusionsDataset],
});
