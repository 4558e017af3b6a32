import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_la: the declaration against the real list',
  samplePath('state_exclusions_la'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_la', {
        'Louisiana list.csv': ['stx_la:1', 'state_exclusions_la/adverse-actions-csv'],
      }));
  },
);
