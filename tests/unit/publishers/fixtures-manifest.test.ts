import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { codesInFile, findByLocator } from '../../../shared/publishers';
import { getSource, parserFor } from '../../../shared/sources/registry';
import { fixtureManifest } from '../../helpers/seed';
import { collect } from './helpers';

interface Entry {
  source_id: string;
  path: string;
  publisher_version: string;
  effective_from: string;
  effective_to: string | null;
  note: string;
  alternate_of?: string;
}

const REPO = path.resolve(__dirname, '../../..');
const manifest = fixtureManifest() as Entry[];
/** Records replayed from their locators per file (all of them in a smaller file). */
const REPLAYED = 60;
const bytes = (e: Entry) => fs.readFileSync(path.join(REPO, e.path));

describe('fixture manifest', () => {
  it('lists existing files under their source folder, in chronological order, with sane windows', () => {
    expect(manifest.length).toBeGreaterThan(50);
    let last = '';
    for (const e of manifest) {
      expect(fs.existsSync(path.join(REPO, e.path))).toBe(true);
      // Under its own source folder: its fixtures, or a curated file the folder keeps (the price-list formula).
      expect(e.path.startsWith(`shared/datasets/${e.source_id}/`)).toBe(true);
      expect(e.effective_from >= last).toBe(true);
      last = e.effective_from;
      if (e.effective_to !== null) expect(e.effective_to >= e.effective_from).toBe(true);
      expect(e.publisher_version).not.toBe('');
    }
  });

  it('has at least three quarterly versions for each quarterly source and several LEIE files', () => {
    const versions = (source: string, match: RegExp) =>
      new Set(manifest.filter((e) => e.source_id === source && match.test(e.path)).map((e) => e.effective_from));
    expect(versions('cms_hcpcs_level2', /ANWEB\.txt$/).size).toBeGreaterThanOrEqual(3);
    expect(versions('cms_dmepos_fee_schedule', /DMEPOS_/).size).toBeGreaterThanOrEqual(3);
    expect(versions('cms_ncci_mue', /DMESupplier/).size).toBeGreaterThanOrEqual(3);
    expect(versions('cms_ncci_ptp', /ccipra/).size).toBeGreaterThanOrEqual(3);
    expect(versions('cms_mcd', /lcd_x_hcpc_code\.csv$/).size).toBeGreaterThanOrEqual(3);
    expect(manifest.filter((e) => e.source_id === 'oig_leie').length).toBeGreaterThanOrEqual(4);
  });

  // One test per source: a replay re-reads the file per record, so the whole corpus is minutes on a loaded machine.
  const sourceIds = [...new Set(manifest.map((e) => e.source_id))].sort();
  it.each(sourceIds)(
    '%s: every listed file has a parser, parses, and every record replays from its locator',
    async (id) => {
      // The archive by sha256: a JSON API set's manifest reads its pages through it.
      const bySha = new Map(manifest.map((e) => [createHash('sha256').update(bytes(e)).digest('hex'), bytes(e)]));
      const openFile = async (sha: string) => Readable.from([bySha.get(sha)!]);
      for (const e of manifest.filter((x) => x.source_id === id)) {
        const name = path.basename(e.path);
        // A page of a JSON API set is a file without a document (read through its set's manifest).
        const source = getSource(e.source_id)!;
        if (!source.docs.some((d) => d.match.test(name))) {
          expect({ source: e.source_id, jsonApi: source.urls.some((u) => u.kind === 'json_api') }).toEqual({
            source: e.source_id,
            jsonApi: true,
          });
          continue;
        }
        const parser = parserFor(e.source_id, name);
        expect(parser).toBeDefined();
        const b = bytes(e);
        const recs = await collect(parser!, b, { fileName: name, openFile });
        expect(recs.length).toBeGreaterThan(0);
        // A replay re-reads the file up to its record (a workbook is unzipped again each time): every record of a
        // file up to REPLAYED records, else REPLAYED of them spread evenly from the first to the last.
        const step = (recs.length - 1) / (REPLAYED - 1);
        const picked =
          recs.length <= REPLAYED ? recs : Array.from({ length: REPLAYED }, (_, i) => recs[Math.round(i * step)]!);
        for (const r of picked)
          expect(await findByLocator(parser!, b, r.locator, { fileName: name, openFile })).toEqual(r);
      }
    },
  );

  it('uses the same codes across sources, so E0601 and K0001 have facts in every block of every quarter', async () => {
    const codes = async (source: string, match: RegExp, from: string) => {
      const e = manifest.find((x) => x.source_id === source && match.test(x.path) && x.effective_from === from)!;
      return codesInFile(parserFor(source, path.basename(e.path))!, bytes(e), { fileName: path.basename(e.path) });
    };
    for (const from of ['2025-01-01', '2025-04-01', '2025-07-01']) {
      const blocks = [
        await codes('cms_hcpcs_level2', /ANWEB\.txt$/, from),
        await codes('cms_dmepos_fee_schedule', /DMEPOS_/, from),
        await codes('cms_ncci_mue', /DMESupplier/, from),
        await codes('cms_ncci_ptp', /ccipra/, from),
        await codes('cms_mcd', /lcd_x_hcpc_code\.csv$/, from),
      ];
      for (const b of blocks) expect(b).toEqual(expect.arrayContaining(['E0601', 'K0001']));
      // 95811 is CPT-shaped: in the edit and coverage tables, never in the HCPCS Level II file.
      expect(blocks[0]).not.toContain('95811');
      expect(blocks[3]).toContain('95811');
      expect(blocks[4]).toContain('95811');
    }
  });
});

describe('parserFor', () => {
  it.each([
    ['cms_hcpcs_level2', 'HCPC2019_CONTR_ANWEB.txt', 'cms_hcpcs_level2/anweb-txt'],
    ['cms_hcpcs_level2', 'HCPC2025_JUL_ANWEB.csv', 'cms_hcpcs_level2/anweb-csv'],
    ['cms_dmepos_fee_schedule', 'DMEPEN_JAN.csv', 'cms_dmepos_fee_schedule/fee-csv'],
    ['cms_dmepos_fee_schedule', 'DME Rural ZIP Code Quarter 1, 2025.csv', 'cms_dmepos_fee_schedule/rural-zip-csv'],
    ['cms_ncci_mue', 'MCR_MUE_PractitionerServices_Eff_07-01-2026.csv', 'cms_ncci_mue/mue-csv'],
    ['cms_ncci_ptp', 'ccipra-v322r0-f1.TXT', 'cms_ncci_ptp/ptp-txt'],
    ['cms_mcd', 'current_lcd_csv/lcd_x_hcpc_code.csv', 'cms_mcd/lcd_x_hcpc_code'],
    ['cms_mcd', 'contractor_jurisdiction.csv', 'cms_mcd/contractor_jurisdiction'],
    ['oig_leie', '2503REIN.csv', 'oig_leie/leie-csv'],
    ['nppes', 'npidata_pfile_20050523-20250209.csv', 'nppes/npidata-csv'],
  ])('%s %s -> %s', (source, name, id) => expect(parserFor(source, name)?.id).toBe(id));

  it.each([
    ['cms_hcpcs_level2', 'HCPC2019_README.txt'],
    ['cms_dmepos_fee_schedule', 'DMEPEN_JAN.txt'],
    ['cms_dmepos_fee_schedule', 'Former CBA Fee Schedule File_JAN 2025.csv'],
    ['cms_mcd', 'readme_first.txt'],
    ['nppes', 'npidata_pfile_20050523-20250209_fileheader.csv'],
    ['oig_leie', 'lcd.csv'],
  ])('%s %s has no parser', (source, name) => expect(parserFor(source, name)).toBeUndefined());

  it('gives every layout one id and one version', () => {
    const parsers = new Set(manifest.map((e) => parserFor(e.source_id, path.basename(e.path))).filter((p) => !!p));
    // One layout, one id and one version (a parser built per file, as PTP's with its setting, repeats them).
    const versions = new Map<string, Set<string>>();
    for (const p of parsers) versions.set(p!.id, (versions.get(p!.id) ?? new Set()).add(p!.version));
    expect(versions.size).toBeGreaterThan(10);
    // A layout that reads the archive's text rendering (Tennessee's PDF) carries the renderer's version too.
    for (const [id, v] of versions) expect([id, [...v]]).toEqual([id, [expect.stringMatching(/^\d+(\+[a-z]+-\d+)?$/)]]);
  });
});
