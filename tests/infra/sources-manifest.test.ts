import * as fs from 'node:fs';
import { loadScheduledSources } from '../../infra/manifest';
import { renderSourcesManifest, SOURCES_MANIFEST } from '../../scripts/sources-manifest';
import { SOURCES } from '../../shared/sources/registry';

describe('infra/sources.generated.json', () => {
  it('is current with the source registry (else: npm run infra:sources)', () => {
    expect(fs.readFileSync(SOURCES_MANIFEST, 'utf8')).toBe(renderSourcesManifest());
  });

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
