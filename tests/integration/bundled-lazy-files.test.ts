import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { renderText } from '../../shared/archive/text';
import { buildPdf } from '../helpers/pdf-builder';
import { buildXlsx } from '../helpers/xlsx-builder';
import { buildZip } from '../helpers/zip-writer';

/**
 * Issue 16 point 4: pdf.js, saxes and yauzl are not in the cold-start file of a Lambda bundle but
 * in lazy files beside it (scripts/build.mjs), required on first use. The text renderer is bundled
 * here exactly as the Lambdas are (`--entry`) and run in a plain Node process: a PDF, a workbook and
 * a zip render through the lazy files to the same text as from the sources.
 */
const ROOT = path.resolve(__dirname, '../..');

describe('the text renderer bundled as a Lambda is, with its lazy files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-lazy-'));
  const inputs: Record<string, { name: string; bytes: Buffer }> = {
    pdf: { name: 'list.pdf', bytes: buildPdf([['Last Name First Name', 'Foster Allen R.'], ['page two']]) },
    xlsx: {
      name: 'Book.xlsx',
      bytes: buildXlsx({
        sharedStrings: ['NPI'],
        sheets: [{ name: 'Sheet1', sheetData: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>7</v></c></row>' }],
      }),
    },
    zip: { name: 'bundle.zip', bytes: buildZip([{ name: 'readme.txt', data: 'hello' }]) },
  };

  beforeAll(() => {
    const probe = path.join(dir, 'probe.ts');
    fs.writeFileSync(probe, `export { renderText } from ${JSON.stringify(path.join(ROOT, 'shared/archive/text'))};\n`);
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--out', dir, '--entry', `probe=${probe}`], {
      stdio: 'pipe',
    });
  }, 180_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps pdf.js, saxes and yauzl out of the bundle, in lazy files', () => {
    const lazy = fs.readdirSync(path.join(dir, 'probe', 'lazy')).filter((f) => f.endsWith('.js'));
    expect(lazy).toEqual(
      expect.arrayContaining([
        'pdfjs-dist-legacy-build-pdf.js',
        'pdfjs-dist-legacy-build-pdf.worker.js',
        'saxes.js',
        'yauzl.js',
      ]),
    );
    const bundle = fs.readFileSync(path.join(dir, 'probe', 'index.js'), 'utf8');
    expect(bundle).not.toContain('WorkerMessageHandler');
  });

  it('renders a PDF, a workbook and a zip in a fresh Node process as the sources do', async () => {
    const input = path.join(dir, 'inputs.json');
    fs.writeFileSync(
      input,
      JSON.stringify(
        Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, { ...v, bytes: v.bytes.toString('base64') }])),
      ),
    );
    const script = `
      const { renderText } = require(${JSON.stringify(path.join(dir, 'probe', 'index.js'))});
      const inputs = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(input)}, 'utf8'));
      (async () => {
        const out = {};
        for (const [k, v] of Object.entries(inputs)) out[k] = await renderText({ name: v.name, bytes: Buffer.from(v.bytes, 'base64') });
        process.stdout.write(JSON.stringify(out));
      })();`;
    const bundled = JSON.parse(
      execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    ) as Record<string, unknown>;
    const expected: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(inputs)) expected[k] = await renderText(v);
    expect(bundled).toEqual(expected);
    expect(bundled.pdf).toMatchObject({ renderer: 'pdf', text: 'Last Name First Name\nFoster Allen R.\fpage two' });
    expect(bundled.xlsx).toMatchObject({ renderer: 'xlsx' });
    expect(bundled.zip).toMatchObject({ renderer: 'zip' });
  });
});
