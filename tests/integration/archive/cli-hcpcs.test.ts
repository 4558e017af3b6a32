import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runArchiveCommand } from '../../../scripts/archive';
import { resolveAsOf } from '../../../shared/archive/resolve';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { buildZip } from '../../helpers/zip-writer';

/**
 * `archive import` of HCPCS releases through the CLI, in-process: each form of the record file in
 * a release zip is a version with the rule that will decide it, members without a document are
 * reported in one line, a file no pattern recognises is reported plainly and `--doc` places it.
 */
const FIXTURES = fixturePath('cms_hcpcs_level2');
const fx = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const SOURCE = ['--source', 'cms_hcpcs_level2'];
const MIXED =
  'WARNING: hcpcs:1 now mixes windowed and observed versions: an observed version ends every open-ended window that began before it.';

describe('archive import of HCPCS releases', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-hcpcs-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runArchiveCommand([...argv, '--no-load'], h.deps, (l) => lines.push(l));
    return { code, text: lines.join('\n'), lines };
  };
  const write = (name: string, data: Buffer | string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
  };
  const versions = () => h.deps.tables.archive.queryAll('DOC#hcpcs:1', { beginsWith: 'V#' });

  it('archives the .txt and .xlsx of a release zip as versions with their rule; readme and layout in one line', async () => {
    const zip = write(
      'july-2025-alpha-numeric-hcpcs-file.zip',
      buildZip([
        { name: 'HCPC2025_JUL_ANWEB.txt', data: fx('HCPC2025_JUL_ANWEB.txt') },
        { name: 'HCPC2025_JUL_ANWEB.xlsx', data: fx('HCPC2025_JUL_ANWEB.xlsx') },
        { name: 'HCPC2025_README.txt', data: 'CENTERS FOR MEDICARE & MEDICAID SERVICES (CMS)\r\n' },
        { name: 'HCPCS2025_recordlayout.txt', data: 'HCPCS record layout\r\n' },
      ]),
    );
    const r = await cli('import', ...SOURCE, '--file', zip, '--observed-at', '2025-06-18T15:00:00Z');
    expect(r.code).toBe(0);
    for (const name of ['HCPC2025_JUL_ANWEB.txt', 'HCPC2025_JUL_ANWEB.xlsx']) {
      expect(r.text).toMatch(
        new RegExp(
          `New version \\d+ of hcpcs:1 \\(${name.replace('.', '\\.')}\\): rule publisher_effective_window \\(it has a publisher effective date, 2025-07-01\\)\\.`,
        ),
      );
    }
    expect(r.lines.filter((l) => /matched no document/.test(l))).toEqual([
      '2 zip member(s) matched no document of cms_hcpcs_level2: HCPC2025_README.txt, HCPCS2025_recordlayout.txt. Archived as files without a document, so no answer reads them; to place one, import the member itself with --doc <doc_id> (documents of cms_hcpcs_level2: hcpcs:1).',
    ]);
    expect(r.text).not.toMatch(/WARNING/);
    // Both forms were archived at one instant: the source's format rank gives the release to the .txt.
    const answer = await resolveAsOf(h.deps.tables.archive, 'hcpcs:1', '2025-08-20');
    expect(answer).toMatchObject({
      status: 'resolved',
      rule: 'publisher_effective_window',
      timeline: 'windowed',
      version: { name: 'HCPC2025_JUL_ANWEB.txt', publisher_version: '2025 JUL' },
      window: { from: '2025-07-01', to: null },
    });
    expect(answer!.superseded.map((v) => v.name)).toEqual(['HCPC2025_JUL_ANWEB.xlsx']);
  });

  it('reports plainly a file that matches no document of its source, in text and in --json', async () => {
    const file = write('hcpcs_q4_export.txt', fx('HCPC2025_APR_ANWEB.txt'));
    const r = await cli('import', ...SOURCE, '--file', file);
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/-\s+new file\s+hcpcs_q4_export\.txt/);
    expect(r.text).toContain(
      'hcpcs_q4_export.txt matched no document of cms_hcpcs_level2: archived as a file without a document, so no answer reads it. Use --doc <doc_id> to place it (documents of cms_hcpcs_level2: hcpcs:1).',
    );
    const again = JSON.parse((await cli('import', ...SOURCE, '--file', file, '--json')).text);
    expect(again.files).toEqual([
      expect.objectContaining({
        docId: null,
        versionId: null,
        unmatched: true,
        rule: null,
        timeline: null,
        warning: null,
      }),
    ]);
  });

  it('--doc places it by hand: no date, so it is dated by first observation, and the mixed timeline is flagged', async () => {
    const file = path.join(dir, 'hcpcs_q4_export.txt');
    const r = await cli(
      'import',
      ...SOURCE,
      '--file',
      file,
      '--doc',
      'hcpcs:1',
      '--observed-at',
      '2025-11-03T10:00:00Z',
    );
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/hcpcs:1\s+NEW VERSION\s+hcpcs_q4_export\.txt/);
    expect(r.text).toMatch(
      /New version \d+ of hcpcs:1 \(hcpcs_q4_export\.txt\): rule first_observed \(it has no publisher effective date, so it starts on the day it was first observed\)\./,
    );
    expect(r.lines.filter((l) => l.startsWith('WARNING'))).toEqual([MIXED]);
    expect(r.text).not.toMatch(/matched no document/);
    const placed = (await versions()).find((v) => v.name === 'hcpcs_q4_export.txt')!;
    expect(placed).toMatchObject({ version_method: 'given', publisher_effective_from: null, publisher_version: null });
    // What the warning means: the observed version ends the July window the day before it was observed.
    expect(await resolveAsOf(h.deps.tables.archive, 'hcpcs:1', '2025-09-15')).toMatchObject({
      status: 'resolved',
      timeline: 'mixed',
      version: { name: 'HCPC2025_JUL_ANWEB.txt' },
      window: { from: '2025-07-01', to: '2025-11-02' },
    });
  });

  it('--doc with dates: the given window dates the version, --json carries rule, timeline and warning', async () => {
    const file = write('hcpcs_oct_export.csv', fx('HCPC2025_JUL_ANWEB.csv'));
    const r = await cli(
      'import',
      ...SOURCE,
      '--file',
      file,
      '--doc',
      'hcpcs:1',
      '--effective-from',
      '2025-10-01',
      '--publisher-version',
      '2025 OCT (export)',
      '--json',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.text).files).toEqual([
      expect.objectContaining({
        docId: 'hcpcs:1',
        newVersion: true,
        unmatched: false,
        effectiveFrom: '2025-10-01',
        rule: 'publisher_effective_window',
        timeline: 'mixed',
        warning: MIXED.replace('WARNING: ', ''),
      }),
    ]);
    const placed = (await versions()).find((v) => v.name === 'hcpcs_oct_export.csv')!;
    expect(placed).toMatchObject({
      version_method: 'given',
      publisher_effective_from: '2025-10-01',
      publisher_version: '2025 OCT (export)',
    });
  });

  it('refuses --doc for a document of another source or an unknown one (usage, exit 2), and for a zip', async () => {
    const before = (await versions()).length;
    const file = path.join(dir, 'hcpcs_q4_export.txt');
    const other = await cli('import', ...SOURCE, '--file', file, '--doc', 'mue:1');
    expect(other.code).toBe(2);
    expect(other.text).toMatch(/--doc mue:1 is not a document of cms_hcpcs_level2 \(its documents: hcpcs:1\)/);
    expect((await cli('import', ...SOURCE, '--file', file, '--doc', 'hcpcs:9')).code).toBe(2);
    const zip = path.join(dir, 'july-2025-alpha-numeric-hcpcs-file.zip');
    const zipped = await cli('import', ...SOURCE, '--file', zip, '--doc', 'hcpcs:1');
    expect(zipped).toEqual({
      code: 2,
      text: expect.stringMatching(/--doc places a single file, not a zip/),
      lines: expect.any(Array),
    });
    // A zip under another name is found by its bytes: the archive refuses it (exit 1), nothing is written.
    const disguised = write('HCPC2025_OCT_ANWEB.txt', fs.readFileSync(zip));
    const refused = await cli('import', ...SOURCE, '--file', disguised, '--doc', 'hcpcs:1');
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(/Not archived: HCPC2025_OCT_ANWEB\.txt is a zip/);
    expect((await versions()).length).toBe(before);
  });
});
