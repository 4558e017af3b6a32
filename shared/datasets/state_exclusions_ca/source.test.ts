import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_ca: the declaration against the real list',
  samplePath('state_exclusions_ca'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_ca', {
        'California_Exclusion_List.csv': ['stx_ca:1', 'state_exclusions_ca/suspended-ineligible-csv'],
      }));
  },
);
