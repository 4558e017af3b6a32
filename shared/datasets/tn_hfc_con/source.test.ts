import { source } from './source';

describe('Tennessee CON declaration', () => {
  it('follows the 2000-to-present workbook from the listing page, not the 1973-1999 list', () => {
    const [listing] = source.urls;
    expect(listing).toMatchObject({ kind: 'listing' });
    const doc = source.docs[0]!;
    expect(doc.docId).toBe('tn_con:1');
    for (const name of ['CON Projects 2000 to Present.xlsx', 'CON_Projects_2000_to_Present.xlsx'])
      expect(doc.match.test(name)).toBe(true);
    for (const name of ['CON Projects 1973 to 1999.xlsx', 'CON Projects 2000 to Present.pdf'])
      expect(doc.match.test(name)).toBe(false);
    expect(doc.parser?.('x.xlsx')?.id).toBe('tn_hfc_con/con-projects-xlsx');
    expect(source).toMatchObject({ cadence: { cadence: 'monthly' }, versionMethod: 'none' });
  });
});
