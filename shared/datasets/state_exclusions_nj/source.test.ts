import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_nj: the declaration against the real list',
  samplePath('state_exclusions_nj'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_nj', {
        'NJ_Exclusion_List.csv': ['stx_nj:1', 'state_exclusions_nj/exclusion-csv'],
        'Debarment.txt': ['stx_nj:2', null],
      }));
  },
);
