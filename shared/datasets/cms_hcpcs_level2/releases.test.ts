import { type AsOfVersion, decideAsOf } from '../../archive/as-of';
import { asOfPolicy } from '../../archive/policy';
import { getSource, mapFile, parserFor } from '../../sources/registry';
import { hcpcsFormatRank, hcpcsReissueRank } from './source';

const hcpcs = getSource('cms_hcpcs_level2')!;
const map = (name: string) => mapFile(hcpcs, { name, parents: ['x.zip'], head: Buffer.alloc(0) });

describe('HCPCS record file names (the names CMS has used)', () => {
  // [name, label, effective from]
  const records: [string, string, string][] = [
    ['HCPC2025_JUL_ANWEB.txt', '2025 JUL', '2025-07-01'],
    ['HCPC2025_JUL_ANWEB.xlsx', '2025 JUL', '2025-07-01'],
    ['HCPC2025_JUL_ANWEB.csv', '2025 JUL', '2025-07-01'],
    ['hcpc2025_jul_anweb.CSV', '2025 JUL', '2025-07-01'],
    ['HCPC2025_JAN_ANWEB_v2.xlsx', '2025 JAN v2', '2025-01-01'],
    ['HCPC2024_OCT_ANWEB_v3.txt', '2024 OCT v3', '2024-10-01'],
    ['HCPC2024_APR_ANWEB_v5.xlsx', '2024 APR v5', '2024-04-01'],
    ['HCPC2026_JAN_ANWEB_01122026.txt', '2026 JAN 01122026', '2026-01-01'],
    ['HCPC2026_JUL_ANWEB_06172026.xlsx', '2026 JUL 06172026', '2026-07-01'],
    ['HCPC2021_APR_CONTR_ANWEB.xlsx', '2021 APR', '2021-04-01'],
    ['HCPC2020_APRIL_ANWEB_w_disclaimer_v5.xlsx', '2020 APR v5', '2020-04-01'],
    ['HCPC2020_OCT_ANWEB.xlsx', '2020 OCT', '2020-10-01'],
    ['HCPC2019_CONTR_ANWEB.xlsx', '2019', '2019-01-01'],
    ['HCPC2019_CONTR_ANWEB.txt', '2019', '2019-01-01'],
    ['HCPC2018_CONTR_ANWEB_disc.xlsx', '2018', '2018-01-01'],
    ['HCPC17_CONTR_ANWEB.xlsx', '2017', '2017-01-01'],
  ];

  it.each(records)('%s is a version of hcpcs:1 labelled %s from %s, open-ended', (name, label, from) => {
    expect(map(name)).toEqual({
      docId: 'hcpcs:1',
      title: 'HCPCS Level II record file (ANWEB)',
      reading: { publisherVersion: label, effectiveFrom: from, effectiveTo: null, method: 'file_name' },
    });
  });

  it.each(records)('%s has a parser', (name) => {
    expect(parserFor('cms_hcpcs_level2', name)?.id).toMatch(/^cms_hcpcs_level2\/anweb-(txt|xlsx|csv)$/);
  });

  it.each([
    'HCPC2019_README.txt',
    'HCPCS2019_recordlayout.txt',
    'HCPC2019_Trans_Alpha.xlsx',
    'HCPC18_Trans_Report_Alpha.xlsx',
    'HCPC2025_JAN_Changes.xlsx',
    'Changes_by_ActionCode.prn',
    'proc_notes_2019.txt',
    'HCPC2020_ANWEB_w_disclaimer.xls',
    'HCPC2025_JUL_ANWEB.pdf',
    'HCPC2025_JUL_ANWEB.txt.bak',
    'HCPC2025_FEB_ANWEB.txt',
    'HCPC2025_JUL_ANWEB_corrections.xlsx',
    'january-2026-alpha-numeric-hcpcs-file.zip',
    'XHCPC2025_JUL_ANWEB.txt',
  ])('%s is not the record file', (name) => {
    expect(map(name).docId).toBeNull();
  });
});

describe('HCPCS releases on the as-of timeline', () => {
  it('declares the quarterly release calendar and prefers txt, then xlsx, then csv', () => {
    expect(hcpcs.releaseMonths).toEqual([1, 4, 7, 10]);
    expect(['a_ANWEB.TXT', 'a_ANWEB.xlsx', 'a_ANWEB.csv', 'a.pdf'].map(hcpcsFormatRank)).toEqual([0, 1, 2, 3]);
  });

  const version = (version_id: number, name: string, observed: string): AsOfVersion => {
    const r = map(name).reading;
    return {
      version_id,
      name,
      publisher_effective_from: r.effectiveFrom,
      publisher_effective_to: r.effectiveTo,
      observed_from: observed,
    };
  };
  const ONE_ZIP = '2025-07-02T09:00:00.000Z';

  it('the .txt and .xlsx of one release archived at the same instant resolve to the .txt, not ambiguous', () => {
    // The xlsx was ingested first (a higher id for the txt would decide anyway): ids must not matter.
    const versions = [version(8, 'HCPC2025_JUL_ANWEB.txt', ONE_ZIP), version(7, 'HCPC2025_JUL_ANWEB.xlsx', ONE_ZIP)];
    const d = decideAsOf(versions, '2025-08-20', asOfPolicy('cms_hcpcs_level2'));
    expect(d).toMatchObject({ status: 'resolved', rule: 'publisher_effective_window', version: { version_id: 8 } });
    expect(d.status === 'resolved' && d.superseded.map((v) => v.version_id)).toEqual([7]);
    const reversed = [version(7, 'HCPC2025_JUL_ANWEB.txt', ONE_ZIP), version(8, 'HCPC2025_JUL_ANWEB.xlsx', ONE_ZIP)];
    expect(decideAsOf(reversed, '2025-08-20', asOfPolicy('cms_hcpcs_level2'))).toMatchObject({
      status: 'resolved',
      version: { version_id: 7 },
    });
    // Without the source's policy nothing ranks the forms: the same instant stays ambiguous.
    expect(decideAsOf(versions, '2025-08-20')).toMatchObject({ status: 'gap', reason: 'ambiguous' });
  });

  it('all three forms at one instant: the .txt decides; the .csv outranks nothing', () => {
    const versions = [
      version(1, 'HCPC2025_JUL_ANWEB.csv', ONE_ZIP),
      version(2, 'HCPC2025_JUL_ANWEB.xlsx', ONE_ZIP),
      version(3, 'HCPC2025_JUL_ANWEB.txt', ONE_ZIP),
    ];
    const d = decideAsOf(versions, '2025-08-20', asOfPolicy('cms_hcpcs_level2'));
    expect(d).toMatchObject({ status: 'resolved', version: { version_id: 3 } });
  });

  it('each quarter gets its own window, and a later reissue of a quarter supersedes its first issue', () => {
    const versions = [
      version(1, 'HCPC2025_APR_ANWEB.txt', '2025-03-20T10:00:00.000Z'),
      version(2, 'HCPC2025_JUL_ANWEB.txt', '2025-06-18T10:00:00.000Z'),
      version(3, 'HCPC2025_JUL_ANWEB_v2.txt', '2025-07-15T10:00:00.000Z'),
    ];
    const policy = asOfPolicy('cms_hcpcs_level2');
    expect(decideAsOf(versions, '2025-06-30', policy)).toMatchObject({
      status: 'resolved',
      version: { version_id: 1 },
      window: { from: '2025-04-01', to: '2025-06-30' },
    });
    const jul = decideAsOf(versions, '2025-08-20', policy);
    expect(jul).toMatchObject({
      status: 'resolved',
      version: { version_id: 3 },
      window: { from: '2025-07-01', to: null },
    });
    expect(jul.status === 'resolved' && jul.superseded.map((v) => v.version_id)).toEqual([2]);
  });
});

describe('HCPCS reissue order', () => {
  const at = (d: string) => `${d}T06:00:00.000Z`;
  const v = (id: number, name: string, observed: string) => ({
    version_id: id,
    name,
    publisher_effective_from: '2024-10-01',
    publisher_effective_to: null,
    observed_from: at(observed),
  });
  it('a later reissue decides whatever order the files arrived in', () => {
    const policy = asOfPolicy('cms_hcpcs_level2');
    const v3 = v(1, 'HCPC2024_OCT_ANWEB_v3.txt', '2024-11-01');
    const v2 = v(2, 'HCPC2024_OCT_ANWEB_v2.txt', '2024-11-02');
    const d = decideAsOf([v3, v2], '2024-11-15', policy);
    expect(d.status === 'resolved' && d.version.name).toBe('HCPC2024_OCT_ANWEB_v3.txt');
    // A reissue beats the first issue's better format at the same instant.
    const first = v(3, 'HCPC2025_JAN_ANWEB.txt', '2025-01-02');
    const v2x = v(4, 'HCPC2025_JAN_ANWEB_v2.xlsx', '2025-01-02');
    const e = decideAsOf(
      [first, v2x].map((x) => ({ ...x, publisher_effective_from: '2025-01-01' })),
      '2025-01-20',
      policy,
    );
    expect(e.status === 'resolved' && e.version.name).toBe('HCPC2025_JAN_ANWEB_v2.xlsx');
    expect(hcpcsReissueRank('HCPC2026_JAN_ANWEB_01122026.txt')).toBeGreaterThan(
      hcpcsReissueRank('HCPC2026_JAN_ANWEB_v9.txt'),
    );
    expect(hcpcsReissueRank('HCPC2026_JAN_ANWEB.txt')).toBe(1);
  });
});
