import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { byKey, collect, expectReplayable, fixture } from '../../../tests/unit/publishers/helpers';
import { codesOf } from '../../publishers/common/locator';
import { type PtpRecord, ptpParser } from './ptp';

const pair = (r: PtpRecord) => `${r.column1}/${r.column2}`;
const ptp = (v: string) => collect(ptpParser, fixture('cms_ncci_ptp', `ccipra-v${v}r0-f1.TXT`));

describe('NCCI PTP edits (fixtures)', () => {
  it('skips the copyright, title and 4-line wrapped header, and reads open and closed edits', async () => {
    const recs = byKey(await ptp('310'), pair);
    expect(recs.get('95811/94660')).toEqual({
      column1: '95811',
      column2: '94660',
      prior_1996: false,
      effective_date: '2000-01-01',
      deletion_date: null,
      modifier_indicator: 1,
      rationale: 'Standards of medical / surgical practice',
      locator: { line: 7, record: 1 },
    });
    expect(recs.get('95811/95812')).toMatchObject({
      effective_date: '2024-01-01',
      deletion_date: '2024-01-01',
      modifier_indicator: 9,
    });
    expect(recs.get('97110/97112')).toMatchObject({ prior_1996: true, effective_date: '1996-01-01' });
  });

  it('adds E0601/E0561 in Q2 and deletes K0001/E0950 in Q3', async () => {
    const [q1, q2, q3] = await Promise.all(['310', '311', '312'].map(ptp));
    expect(q1!.some((r) => pair(r) === 'E0601/E0561')).toBe(false);
    expect(byKey(q2!, pair).get('E0601/E0561')).toMatchObject({ effective_date: '2025-04-01', deletion_date: null });
    expect(byKey(q2!, pair).get('K0001/E0950')!.deletion_date).toBeNull();
    expect(byKey(q3!, pair).get('K0001/E0950')!.deletion_date).toBe('2025-07-31');
    expect(codesOf(ptpParser, q3!)).toContain('E0950');
  });

  it('replays every record', async () => {
    const bytes = fixture('cms_ncci_ptp', 'ccipra-v312r0-f1.TXT');
    await expectReplayable(ptpParser, bytes, await collect(ptpParser, bytes));
  });

  it('rejects a modifier indicator other than 0, 1 or 9', async () => {
    await expect(collect(ptpParser, Buffer.from('E0601\tA7030\t\t20150101\t*\t5\tx\r\n'))).rejects.toThrow(
      /line 1: modifier indicator/,
    );
  });

  it('streams a generated 50 MB file without holding it or its records (checked by how far it reads ahead)', async () => {
    const head = Buffer.from(
      'CPT only copyright\t\t\t\t\t\t\r\nColumn1/Column2 Edits\t\t\t\t\t\t\r\nColumn 1\tColumn 2\t*=in existence\tEffective\tDeletion\tModifier\tPTP Edit Rationale\r\n\t\tprior to 1996\tDate\tDate\t0=not allowed\t\r\n\t\t\t\t*=no data\t1=allowed\t\r\n\t\t\t\t\t9=not applicable\t\r\n',
      'latin1',
    );
    // One 1,000-line block, built once and sent again and again: the parser sees a 50 MB stream.
    const part: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const c2 = `${'ABCDEFGHJK'[i % 10]}${String(i).padStart(4, '0')}`;
      part.push(
        `${10000 + i}\t${c2}\t\t20200101\t${i % 4 === 0 ? '*' : '20231231'}\t${i % 2}\tMisuse of Column Two code with Column One code\r\n`,
      );
    }
    const block = Buffer.from(part.join(''), 'latin1');
    const blocks = Math.ceil((50 * 1024 * 1024) / block.length);
    // Checked by structure, not by heap size (which other suites running beside this one move):
    // when the parser yields record n, the source has been pulled at most a few blocks past the
    // block holding it, so neither the input nor the records are held, whatever the file's size.
    let pulled = 0;
    function* source(): Generator<Buffer> {
      yield head;
      for (let b = 0; b < blocks; b++) {
        pulled++;
        yield block;
      }
    }
    let count = 0;
    let open = 0;
    let ahead = 0;
    for await (const r of ptpParser.parse(Readable.from(source()))) {
      count++;
      if (r.deletion_date === null) open++;
      ahead = Math.max(ahead, pulled - Math.ceil(count / 1000));
    }
    expect(count).toBe(blocks * 1000);
    expect(count).toBeGreaterThan(600_000);
    expect(open).toBe(blocks * 250);
    // The stream's own buffering (a 16 KiB high-water mark of a few 60 KB blocks) and one batch of lines.
    expect(ahead).toBeLessThanOrEqual(4);
  });
});

describeWithSamples('NCCI PTP conformance (real samples)', samplePath('cms_ncci_ptp'), () => {
  it('parses all 154 PTP rows, with exact rows', async () => {
    const bytes = fs.readFileSync(samplePath('cms_ncci_ptp', 'ccipra-v322r0-f1.TXT'));
    const recs = await collect(ptpParser, bytes);
    expect(recs).toHaveLength(154);
    expect(recs[0]).toEqual({
      column1: '0001A',
      column2: '0591T',
      prior_1996: false,
      effective_date: '2022-01-01',
      deletion_date: '2023-12-31',
      modifier_indicator: 1,
      rationale: 'CPT Manual or CMS manual coding instruction',
      locator: { line: 7, record: 1 },
    });
    expect(recs[5]).toMatchObject({ column2: '90473', deletion_date: '2022-01-01', modifier_indicator: 9 });
    expect(recs[153]).toMatchObject({
      column1: '0001U',
      column2: '81166',
      deletion_date: null,
      locator: { line: 160, record: 154 },
    });
    await expectReplayable(ptpParser, bytes, [recs[0]!, recs[77]!, recs[153]!]);
  });
});
