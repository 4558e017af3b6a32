import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { expectSamplesDeclared } from '../../../tests/helpers/state-lists';

describeWithSamples(
  'state_exclusions_ny: the declaration against the real list',
  samplePath('state_exclusions_ny'),
  () => {
    it('maps each real file to its document, read by the declared layout or by none', () =>
      expectSamplesDeclared('state_exclusions_ny', {
        'nyomig-0.txt': ['stx_ny:1', 'state_exclusions_ny/omig-txt'],
      }));
  },
);
