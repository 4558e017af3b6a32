import { cheapestOf } from '../../../shared/rx/biosimilars';

const source = {
  source_id: 'costplus_price_list',
  doc_id: 'costplus:1',
  version_id: 7,
  sha256: 'a'.repeat(64),
  publisher_version: null,
  locator: { line: 1, record: 1 },
};
const match = (slug: string, unit_price: number) => ({
  slug,
  medication_name: 'Adalimumab-adaz',
  strength: '40mg/0.4mL',
  form: 'Pen',
  unit_price,
  ndc11: null,
  method: 'name_words' as const,
  confidence: 0.6,
  source,
});

describe('cheapest price-list product of a biosimilar molecule', () => {
  it('takes the lowest unit price, ties by slug, as a name link', () => {
    const found = {
      in_force: true,
      matches: [match('b-pen', 500), match('a-pen', 500), match('c-pen', 700)],
      sources: [],
      gaps: [],
    };
    expect(cheapestOf('adalimumab', found)).toMatchObject({
      status: 'linked',
      molecule: 'adalimumab',
      product: {
        slug: 'a-pen',
        unit_price: 500,
        link: { method: 'price_list_medication_name_words', confidence: 0.6 },
        source: { source_id: 'costplus_price_list' },
      },
    });
  });

  it('says not_found when nothing names the molecule, and source_not_loaded without a snapshot in force', () => {
    expect(cheapestOf('infliximab', { in_force: true, matches: [], sources: [], gaps: [] })).toMatchObject({
      status: 'not_found',
      product: null,
    });
    expect(cheapestOf('infliximab', { in_force: false, matches: [], sources: [], gaps: [] })).toMatchObject({
      status: 'source_not_loaded',
      product: null,
    });
    expect(cheapestOf('infliximab', null).status).toBe('source_not_loaded');
  });
});
