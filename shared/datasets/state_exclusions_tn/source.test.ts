import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_tn: the declaration against the real list',
  samplePath('state_exclusions_tn'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_tn', {
        'terminatedproviderlist.pdf': ['stx_tn:1', 'state_exclusions_tn/terminated-pdf'],
      }));
  },
);
