import { mueParser } from '../../../shared/datasets/cms_ncci_mue/mue';
import { ptpTableParser } from '../../../shared/datasets/cms_ncci_ptp/setting';
import { nppesParser } from '../../../shared/datasets/nppes/npidata';
import { leieParser } from '../../../shared/datasets/oig_leie/parser';
import { leieExclusionParser } from '../../../shared/datasets/oig_leie/rows';
import { recordsVia } from '../../../shared/publishers/common/resume';
import type { Located, PublisherParser, ResumePoint } from '../../../shared/publishers/common/types';
import { docParser } from '../../../shared/sources/registry';
import { scaledLeie, scaledNppes, scaledPtp } from '../../helpers/scaled-files';
import { chunked, fixture } from './helpers';

/** Every record with the resume point the parser reported right after it. */
async function parseWithPoints(parser: PublisherParser, bytes: Buffer, fileName: string) {
  const cursor: ResumePoint = { offset: 0, line: 0, record: 0 };
  const out: { record: Located; after: ResumePoint }[] = [];
  for await (const record of parser.parse(chunked(bytes, 997), { fileName, cursor })) {
    out.push({ record, after: structuredClone(cursor) });
  }
  return out;
}

async function resumed(parser: PublisherParser, bytes: Buffer, fileName: string, at: ResumePoint) {
  const out: Located[] = [];
  // The bytes from the boundary on, in chunks that split lines, quoted fields and characters.
  for await (const r of parser.parse(chunked(bytes.subarray(at.offset), 61), { fileName, resumeAt: at })) out.push(r);
  return out;
}

/**
 * Issue 15 point 4: line-oriented parsers resume at the record boundary a checkpoint stored,
 * reading the file from that byte offset on (as an S3 ranged GET gives it), and give exactly the
 * records, locators included, of an uninterrupted parse from there.
 */
describe.each([
  ['PTP (windows-1252, preamble)', ptpTableParser('ccipra-v310r0-f1.TXT'), scaledPtp(700), 'ccipra-v310r0-f1.TXT'],
  [
    'MUE (multi-line quoted copyright and header)',
    mueParser,
    fixture('cms_ncci_mue', 'MCR_MUE_DMESupplierServices_Eff_01-01-2025.csv'),
    'MCR_MUE_DMESupplierServices_Eff_01-01-2025.csv',
  ],
  ['NPPES (UTF-8 with BOM, records over two lines)', nppesParser, scaledNppes(300, { bom: true }), 'npidata.csv'],
  ['NPPES (no BOM)', nppesParser, scaledNppes(120), 'npidata.csv'],
  ['LEIE', leieParser, scaledLeie(400), 'UPDATED.csv'],
  [
    'LEIE declared windows-1252 but opening with a UTF-8 BOM (decoded as UTF-8 after the resume too)',
    leieParser,
    Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(scaledLeie(90).toString('latin1').replaceAll('ALDER', '\u00c5LDER'), 'utf8'),
    ]),
    'UPDATED.csv',
  ],
] as const)('%s resumes at any record boundary', (_label, parser, bytes, fileName) => {
  it('declares itself resumable and reports boundaries that start records', async () => {
    expect(parser.resumable).toBe(true);
    const all = await parseWithPoints(parser, bytes, fileName);
    expect(all.length).toBeGreaterThan(3);
    expect(all.at(-1)!.after.offset).toBeLessThanOrEqual(bytes.length);
    const records = all.map((a) => a.record);
    const n = records.length;
    for (const k of new Set([1, 2, Math.floor(n / 3), Math.floor(n / 2) + 1, n - 1, n])) {
      const at = all[k - 1]!.after;
      expect(at.record).toBe(k);
      expect(await resumed(parser, bytes, fileName, at)).toEqual(records.slice(k));
    }
  });
});

describe('parsers derived from a document parser', () => {
  it('map the document parser records, so one parse feeds both', async () => {
    const doc = docParser('leie:1', 'UPDATED.csv')!;
    const map = recordsVia(leieExclusionParser, doc)!;
    expect(map).toBeDefined();
    const bytes = scaledLeie(20);
    const direct: Located[] = [];
    for await (const r of leieExclusionParser.parse(bytes)) direct.push(r);
    const viaDoc: Located[] = [];
    for await (const r of doc.parse(bytes)) viaDoc.push(map(r));
    expect(viaDoc).toEqual(direct);
    expect(leieExclusionParser.resumable).toBe(true);
  });
});
