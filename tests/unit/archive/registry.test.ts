import {
  DOC_ID_PATTERN,
  getDocDecl,
  getSource,
  mapFile,
  SOURCES,
  validateRegistry,
} from '../../../shared/sources/registry';
import type { SourceDecl } from '../../../shared/sources/types';
import { fromMdy, monthNumber, quarterWindow } from '../../../shared/sources/version-labels';

const ctx = (name: string, opts: { parents?: string[]; head?: string } = {}) => ({
  name,
  parents: opts.parents ?? [],
  head: Buffer.from(opts.head ?? '', 'latin1'),
});

const map = (sourceId: string, name: string, opts?: { parents?: string[]; head?: string }) =>
  mapFile(getSource(sourceId)!, ctx(name, opts));

describe('source registry', () => {
  it('registers the sources the warrant needs plus NADAC and the OIG list', () => {
    expect(SOURCES.map((s) => s.sourceId).sort()).toEqual(
      expect.arrayContaining([
        'cms_dmepos_fee_schedule',
        'cms_hcpcs_level2',
        'cms_mcd',
        'cms_ncci_mue',
        'cms_ncci_ptp',
        'medicaid_nadac',
        'oig_leie',
      ]),
    );
  });

  it('declares every field the issue lists for each source', () => {
    for (const s of SOURCES) {
      expect(s.title && s.publisher && s.license.name).toBeTruthy();
      expect(['daily', 'weekly', 'monthly', 'quarterly', 'annual', 'exempt']).toContain(s.cadence.cadence);
      expect(s.registeredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(s.urls.length).toBeGreaterThan(0);
      for (const u of s.urls) expect(u.url).toMatch(/^https:\/\//);
      for (const d of s.docs) expect(d.docId).toMatch(DOC_ID_PATTERN);
    }
  });

  it('flags only the Medicare Coverage Database and the ASP files (CPT vaccine descriptors) for third-party-licensed descriptors', () => {
    expect(
      SOURCES.filter((s) => s.thirdPartyLicensedDescriptors)
        .map((s) => s.sourceId)
        .sort(),
    ).toEqual(['cms_asp_pricing', 'cms_mcd']);
    expect(getSource('cms_ncci_mue')!.license.notice).toMatch(/American Medical Association/);
  });

  it('rejects duplicate doc ids and a prefix shared by two sources', () => {
    const base = getSource('oig_leie')!;
    const dup: SourceDecl = { ...base, sourceId: 'other_source' };
    expect(() => validateRegistry([base, dup])).toThrow(/duplicate doc_id leie:1/);
    const prefix: SourceDecl = {
      ...base,
      sourceId: 'other_source',
      docs: [{ docId: 'leie:9', title: 'x', match: /x/ }],
    };
    expect(() => validateRegistry([base, prefix])).toThrow(/prefix leie/);
    expect(() => validateRegistry([{ ...base, sourceId: 'Bad-Id' }])).toThrow(/bad source_id/);
  });

  it('finds a declared document by id', () => {
    expect(getDocDecl('mue:1')?.source.sourceId).toBe('cms_ncci_mue');
    expect(getDocDecl('mue:99')).toBeUndefined();
  });
});

describe('file to document mapping and version labels', () => {
  const cases: [string, string, { parents?: string[]; head?: string } | undefined, object][] = [
    // HCPCS, DMEPOS and the NCCI tables: shared/datasets/<source_id>/source.test.ts.
    [
      'cms_mcd',
      'lcd_x_hcpc_code.csv',
      undefined,
      { docId: 'mcd:2', publisherVersion: null, from: null, method: 'none' },
    ],
    ['cms_mcd', 'article.csv', undefined, { docId: 'mcd:5' }],
    ['cms_mcd', 'readme_first.txt', undefined, { docId: null }],
    [
      'medicaid_nadac',
      'nadac-national-average-drug-acquisition-cost-04-29-2026.csv',
      undefined,
      { docId: 'nadac:1', publisherVersion: '2026-04-29', from: null, method: 'file_name' },
    ],
    [
      'medicaid_nadac',
      'NADAC.csv',
      { head: '"NDC Description",NDC,"As of Date"\n"X, Y",123,04/29/2026\n' },
      { docId: 'nadac:1', publisherVersion: '2026-04-29', method: 'content' },
    ],
  ];

  it.each(cases)('%s %s', (sourceId, name, opts, expected) => {
    const m = map(sourceId, name, opts);
    const got = {
      docId: m.docId,
      publisherVersion: m.reading.publisherVersion,
      from: m.reading.effectiveFrom,
      to: m.reading.effectiveTo,
      method: m.reading.method,
    };
    expect(got).toEqual(expect.objectContaining(expected));
  });
});

describe('version label helpers', () => {
  it('parses publisher dates and refuses impossible ones', () => {
    expect(fromMdy('07-01-2026')).toBe('2026-07-01');
    expect(fromMdy('02/30/2026')).toBeNull();
    expect(monthNumber('jan')).toBe(1);
    expect(monthNumber('Janitor')).toBeNull();
    expect(quarterWindow(2024, 1)).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(quarterWindow(2024, 4)).toEqual({ from: '2024-10-01', to: '2024-12-31' });
  });
});
