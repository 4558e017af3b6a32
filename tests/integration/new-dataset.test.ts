import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Issue 15, point 7: a new dataset needs no edit outside its own folder. In a temporary copy of the
 * tree, a throwaway source folder is added (declaration with its parser, a catalog dataset, a
 * sample file in its layout, and its own test), `npm run generate` is run, and then:
 *
 * - every file outside the new folder is byte-identical to the original, except the generated
 *   files `npm run generate` writes (the folder list, the sources manifest);
 * - the folder's own test passes in the copy: the sample is archived through the ingest path,
 *   loaded by the catalog engine and found by its index, with the source in GET /sources.
 */
const ROOT = path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', '.git', '.data', 'cdk.out', 'dist']);
const GENERATED = new Set(['shared/datasets/index.generated.ts', 'infra/sources.generated.json']);
const FOLDER = 'shared/datasets/zz_example_list';

const FILES: Record<string, string> = {
  'source.ts': `import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { exampleParser } from './parser';

export const exampleSource: SourceDecl = {
  sourceId: 'zz_example_list',
  title: 'Example list (throwaway)',
  publisher: 'Example publisher',
  license: { name: 'Public domain' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'reference',
  registeredOn: '2026-01-01',
  urls: [{ url: 'https://example.gov/list.csv', kind: 'file' }],
  samples: 'shared/datasets/zz_example_list/fixtures/manifest.json',
  docs: [{ docId: 'zzx:1', title: 'Example list', match: /^zz-list-\\d{8}\\.csv$/i, parser: () => exampleParser }],
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
`,
  'parser.ts': `import { csvRecords } from '../../publishers/common/csv';
import type { Located, PublisherParser } from '../../publishers/common/types';

export interface ExampleRow extends Located {
  code: string;
  name: string;
}

export const exampleParser: PublisherParser<ExampleRow> = {
  id: 'zz_example_list/csv',
  version: '1',
  async *parse(input) {
    let record = 0;
    for await (const r of csvRecords(input, 'utf-8', 'zz_example_list/csv')) {
      if (r.line === 1) continue;
      yield { code: r.fields[0]!, name: r.fields[1]!, locator: { line: r.line, record: ++record } };
    }
  },
  codesOf: () => [],
};
`,
  'index.ts': `import { defineDataset } from '../../catalog/dataset';
import { defineSource } from '../module';
import type { ExampleRow } from './parser';
import { exampleSource } from './source';

export default defineSource({
  source: exampleSource,
  datasets: [
    defineDataset<ExampleRow>({
      id: 'zz_example_list',
      title: 'Example list',
      loaderVersion: '1',
      docs: [{ sourceId: 'zz_example_list', docId: 'zzx:1', mode: 'snapshot' }],
      parserFor: (f) => exampleSource.docs[0]!.parser!(f.name) as never,
      indexes: [{ name: 'code', keys: (r) => [r.code] }],
    }),
  ],
});
`,
  'example.test.ts': `import { getDataset } from '../../catalog/datasets';
import { lookupMany } from '../../catalog/lookup';
import { syncCatalog } from '../../catalog/sync';
import { viewOf } from '../../catalog/view';
import { startHarness } from '../../../tests/helpers/harness';
import { createTestKey } from '../../../tests/helpers/keys';
import { seedFixtures } from '../../../tests/helpers/seed';

it('is archived, loaded and found with no edit outside its folder', async () => {
  const h = await startHarness({ clock: { now: () => new Date('2025-01-20T00:00:00Z') } });
  try {
    await seedFixtures(h.deps, (e) => e.source_id === 'zz_example_list', { catalog: false });
    const loads = await syncCatalog(h.deps, { sourceIds: ['zz_example_list'] });
    expect(loads.map((l) => [l.status, l.rows])).toEqual([['loaded', 2]]);
    const ds = getDataset('zz_example_list')!;
    const view = await viewOf(h.deps, ds, '2025-01-20');
    const found = await lookupMany(h.deps, ds, 'code', ['B2'], view.versions);
    expect(found.get('B2')?.map((r) => r.value.name)).toEqual(['Second']);
    const key = await createTestKey(h.deps, 'free', []);
    const res = await h.request('/sources/zz_example_list', { headers: key.headers });
    expect(res.status).toBe(200);
  } finally {
    await h.close();
  }
}, 60_000);
`,
  'fixtures/zz-list-20250101.csv': 'code,name\nA1,First\nB2,Second\n',
  'fixtures/manifest.json': `${JSON.stringify(
    [
      {
        source_id: 'zz_example_list',
        path: 'shared/datasets/zz_example_list/fixtures/zz-list-20250101.csv',
        publisher_version: '2025-01',
        effective_from: '2025-01-01',
        effective_to: null,
      },
    ],
    null,
    2,
  )}\n`,
};

function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(p, base) : [path.relative(base, p)];
  });
}

describe('adding a dataset', () => {
  let copy: string;
  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'new-dataset-'));
    fs.cpSync(ROOT, copy, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const [rel, text] of Object.entries(FILES)) {
      const file = path.join(copy, FOLDER, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('needs only its folder: generate writes the rest, nothing else changes', () => {
    execFileSync(process.execPath, ['--openssl-legacy-provider', '-r', '@swc-node/register', 'scripts/generate.ts'], {
      cwd: copy,
      stdio: 'pipe',
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    const changed = listFiles(copy).filter((rel) => {
      if (rel.startsWith(`${FOLDER}/`)) return false;
      const original = path.join(ROOT, rel);
      return !fs.existsSync(original) || !fs.readFileSync(original).equals(fs.readFileSync(path.join(copy, rel)));
    });
    expect(changed.sort()).toEqual([...GENERATED].sort());
    expect(fs.readFileSync(path.join(copy, 'shared/datasets/index.generated.ts'), 'utf8')).toContain(
      "import zz_example_list from './zz_example_list';",
    );
  }, 120_000);

  it('works end to end from its folder: archived, loaded, found, listed', () => {
    const run = spawnSync(
      process.execPath,
      ['--openssl-legacy-provider', 'node_modules/jest/bin/jest.js', FOLDER, '--rootDir', copy],
      { cwd: copy, encoding: 'utf8', env: { ...process.env, ALLOW_MISSING_SAMPLES: '1' } },
    );
    expect(run.stderr).toMatch(/PASS shared\/datasets\/zz_example_list\/example\.test\.ts/);
    expect(run.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
    expect(run.status).toBe(0);
  }, 180_000);
});
