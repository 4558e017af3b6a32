import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_oh: the declaration against the real list',
  samplePath('state_exclusions_oh'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_oh', {
        'ExclusionSuspensionList.xlsx': ['stx_oh:1', 'state_exclusions_oh/exclusion-suspension-xlsx'],
      }));
  },
);
