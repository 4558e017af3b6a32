import { MAX_NOTES, RunTally } from '../../../shared/archive/fetch/tally';
import type { IngestedFile, IngestResult } from '../../../shared/archive/ingest-types';
import type { RunRecord } from '../../../shared/archive/runs';
import { createLogger } from '../../../shared/log';

const run = (): RunRecord => ({
  run_id: 'r',
  source_id: 'cms_hcpcs_level2',
  started_at: '2025-07-02T00:00:00.000Z',
  finished_at: null,
  status: 'running',
  files_seen: 0,
  new_versions: 0,
  version_ids: [],
  errors: [],
  notes: [],
  pages: [],
});

const file = (over: Partial<IngestedFile>): IngestedFile => ({
  sha256: 'a'.repeat(64),
  size: 1,
  name: 'x',
  parentSha256: null,
  docId: null,
  versionId: null,
  newVersion: false,
  newFile: true,
  unmatched: false,
  effectiveFrom: null,
  rule: null,
  timeline: null,
  warning: null,
  ...over,
});

const archived = (files: IngestedFile[]) => async () => ({
  kind: 'archived' as const,
  url: 'u',
  attempts: 1,
  finalUrl: 'u',
  result: { files, skipped: [] } satisfies IngestResult,
});

const lines: string[] = [];
const log = createLogger('debug', {}, (l) => lines.push(l));

describe('fetch run notes', () => {
  it('keeps at most MAX_NOTES notes however many versions a zip brings, and counts the rest in one entry', async () => {
    const r = run();
    const tally = new RunTally(r, log);
    const versions = Array.from({ length: 250 }, (_, i) =>
      file({
        name: `HCPC2025_JUL_ANWEB_v${i + 1}.txt`,
        docId: 'hcpcs:1',
        versionId: i + 1,
        newVersion: true,
        effectiveFrom: '2025-07-01',
        rule: 'publisher_effective_window',
        timeline: 'windowed',
      }),
    );
    await tally.attempt('https://www.cms.gov/files/zip/x.zip', archived([file({ name: 'x.zip' }), ...versions]));
    tally.finish();
    expect(r.version_ids).toHaveLength(250);
    expect(r.notes).toHaveLength(MAX_NOTES + 1);
    expect(r.notes.at(-1)).toEqual({
      url: null,
      message: `150 more note(s) not kept (the first ${MAX_NOTES} are; new version ids are in version_ids)`,
    });
    expect(JSON.stringify(r).length).toBeLessThan(100 * 1024);
    // Every new version is logged, kept in the record or not.
    expect(lines.filter((l) => l.includes('archive.fetch.new_version'))).toHaveLength(250);
  });

  it('lists many members without a document in one clipped entry, and does not report a listing page', async () => {
    const r = run();
    const tally = new RunTally(r, log);
    const readmes = Array.from({ length: 5000 }, (_, i) => file({ name: `readme_${i}.txt`, unmatched: true }));
    await tally.attempt('https://x/z.zip', archived([file({ name: 'z.zip' }), ...readmes]));
    await tally.attempt('https://x/page', archived([file({ name: 'page.html', unmatched: true })]), { page: true });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]!.message).toMatch(
      /^5000 zip member\(s\) matched no document of cms_hcpcs_level2: readme_0\.txt, .*readme_9\.txt and 4990 more\./,
    );
    expect(r.notes[0]!.message.length).toBeLessThanOrEqual(1003);
    expect(r.errors).toEqual([]);
    expect(tally.status()).toBe('succeeded');
  });
});
