import { loadScheduledSources } from '../../infra/manifest';
import { SOURCES } from '../../shared/sources/registry';

describe('infra/sources.generated.json', () => {
  it('lists exactly the registered sources that declare a cadence and a URL, with that cadence', () => {
    const expected = SOURCES.filter((s) => s.cadence.cadence !== 'exempt' && s.urls.length > 0).map((s) => [
      s.sourceId,
      s.cadence.cadence,
    ]);
    expect(loadScheduledSources().map((s) => [s.source_id, s.cadence])).toEqual(
      expect.arrayContaining(expected as [string, string][]),
    );
    expect(loadScheduledSources()).toHaveLength(expected.length);
  });
});
