import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_pa: the declaration against the real list',
  samplePath('state_exclusions_pa'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_pa', {
        'Pennsylvania_exclusion_list.csv': ['stx_pa:1', 'state_exclusions_pa/medicheck-csv'],
        'medicheck.txt': ['stx_pa:1', 'state_exclusions_pa/medicheck-csv'],
      }));
  },
);
