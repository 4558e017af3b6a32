import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_wa: the declaration against the real list',
  samplePath('state_exclusions_wa'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_wa', {
        'Washington.xlsx': ['stx_wa:1', 'state_exclusions_wa/termination-exclusion-xlsx'],
      }));
  },
);
