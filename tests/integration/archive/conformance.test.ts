import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Archive } from '../../../shared/archive/ingest';
import { blobKey, fileKey, TEXT_PREFIX } from '../../../shared/archive/keys';
import { getSource } from '../../../shared/sources/registry';
import { type Harness, startHarness } from '../../helpers/harness';
import { describeWithSamples, SAMPLES_DIR } from '../../helpers/samples';

/**
 * Issue 3, point 9: every real publisher sample is archived through Archive.ingest; the stored
 * sha256 (and the stored bytes, re-hashed) must equal what `sha256sum` prints for the file, and
 * every file's stored text rendering must decode as UTF-8 without a replacement character.
 *
 * Each folder is ingested under the source of the same id. Folders whose source is not
 * registered yet (state lists, FDA, NPPES... arrive with the catalog issues) are ingested under
 * CARRIER, a registered source none of whose documents match their names: they are archived as
 * files without a document, which is all these two checks need. A folder picks up its own source
 * as soon as one is registered under its name.
 */
const CARRIER = 'oig_leie';

interface Sample {
  folder: string;
  name: string;
  file: string;
}

function listSamples(): Sample[] {
  if (!fs.existsSync(SAMPLES_DIR)) return [];
  return fs
    .readdirSync(SAMPLES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(SAMPLES_DIR, d.name), { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => ({ folder: d.name, name: f.name, file: path.join(SAMPLES_DIR, d.name, f.name) })),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** `sha256sum` output lines: "<hex>  <path>" (binary mode prints " *"). */
function sha256sums(files: string[]): Map<string, string> {
  const out = execFileSync('sha256sum', ['--', ...files], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const sums = new Map<string, string>();
  for (const line of out.split('\n').filter(Boolean)) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (m) sums.set(m[2]!, m[1]!);
  }
  return sums;
}

describeWithSamples('archive conformance on the real publisher samples', SAMPLES_DIR, () => {
  const samples = listSamples();
  let h: Harness;
  let sums: Map<string, string>;
  const stored = new Map<string, string>();

  beforeAll(async () => {
    h = await startHarness();
    sums = sha256sums(samples.map((s) => s.file));
    const archive = new Archive(h.deps);
    const queue = [...samples];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const sourceId = getSource(s.folder) ? s.folder : CARRIER;
        const result = await archive.ingest({
          sourceId,
          name: s.name,
          body: fs.createReadStream(s.file),
          origin: 'backfill',
        });
        stored.set(s.file, result.files[0]!.sha256);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('has samples to check, and a sha256sum line for each', () => {
    expect(samples.length).toBeGreaterThan(50);
    expect(sums.size).toBe(samples.length);
  });

  it('stores, for every file, the sha256 that sha256sum prints, and exactly those bytes', async () => {
    const mismatches: string[] = [];
    for (const s of samples) {
      const expected = sums.get(s.file);
      const sha = stored.get(s.file);
      const meta = sha ? await h.deps.tables.archive.get(fileKey(sha)) : undefined;
      const bytes = sha ? await h.deps.blobs.getBuffer(blobKey(sha)) : Buffer.alloc(0);
      const rehashed = createHash('sha256').update(bytes).digest('hex');
      if (
        sha !== expected ||
        meta?.sha256 !== expected ||
        rehashed !== expected ||
        meta?.size !== fs.statSync(s.file).size
      ) {
        mismatches.push(
          `${s.folder}/${s.name}: sha256sum ${expected}, stored ${sha}, meta ${meta?.sha256}, bytes ${rehashed}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('stores for every file a text rendering that decodes without a replacement character', async () => {
    const problems: string[] = [];
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    for (const s of samples) {
      const sha = stored.get(s.file)!;
      const items = await h.deps.tables.archive.queryAll(fileKey(sha).pk, { beginsWith: TEXT_PREFIX });
      const ok = items.find((i) => i.status === 'ok');
      if (!ok) {
        problems.push(
          `${s.folder}/${s.name}: no rendering (${items.map((i) => `${i.status}: ${i.detail}`).join('; ')})`,
        );
        continue;
      }
      const text = utf8.decode(await h.deps.blobs.getBuffer(String(ok.storage_key)));
      if (text.includes('\uFFFD') || ok.replacement_chars !== 0)
        problems.push(`${s.folder}/${s.name}: U+FFFD in ${ok.renderer} rendering`);
      if (fs.statSync(s.file).size > 0 && text.trim() === '')
        problems.push(`${s.folder}/${s.name}: empty ${ok.renderer} rendering`);
    }
    expect(problems).toEqual([]);
  });

  it('renders the encodings the publishers use: Latin-1, Windows-1252 and UTF-8 with a BOM', async () => {
    const rendering = async (folder: string, name: string) => {
      const sha = stored.get(path.join(SAMPLES_DIR, folder, name))!;
      const items = await h.deps.tables.archive.queryAll(fileKey(sha).pk, { beginsWith: TEXT_PREFIX });
      const item = items.find((i) => i.status === 'ok')!;
      return {
        encoding: item.encoding,
        text: (await h.deps.blobs.getBuffer(String(item.storage_key))).toString('utf8'),
      };
    };
    const mcd = await rendering('cms_mcd', 'lcd_x_hcpc_code_group.csv');
    expect(mcd.encoding).toBe('windows-1252');
    expect(mcd.text).toContain('\u2013'); // 0x96 en dash
    const pa = await rendering('state_exclusions_pa', 'medicheck.txt');
    expect(pa.text).toContain('"Out\u00a0of\u00a0State\u00a0(NY)"'); // 0xA0 no-break spaces
    const ca = await rendering('state_exclusions_ca', 'California_Exclusion_List.csv');
    expect(ca.encoding).toBe('utf-8');
    expect(ca.text.charCodeAt(0)).not.toBe(0xfeff);
    const tn = await rendering('state_exclusions_tn', 'terminatedproviderlist.pdf');
    expect(tn.text).toMatch(/Foster\s+Allen R\./);
  });
});
