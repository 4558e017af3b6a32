import { describe, expect, it } from '@jest/globals';
import { SOURCE_MODULES } from '../../../shared/datasets/index.generated';
import { PublisherFormatError } from '../../../shared/publishers/common/errors';
import { lazyParser, loadLazyParser } from '../../../shared/publishers/common/lazy';
import type { PublisherParser } from '../../../shared/publishers/common/types';
import { layoutsOf } from '../../../shared/state-exclusions/lists';

/** The parsers the declarations name: state layouts, and those answered for any file name (the prototype folders). */
function lazyParsers(): PublisherParser[] {
  const found = new Set<PublisherParser>();
  for (const m of SOURCE_MODULES) {
    for (const d of m.source.docs) {
      const p = d.parser?.('x');
      if (p) found.add(p);
    }
    for (const l of layoutsOf(m.source)) found.add(l);
    for (const ds of m.datasets ?? []) {
      for (const doc of ds.docs) {
        const p = ds.parserFor({ source_id: doc.sourceId, doc_id: doc.docId, name: 'x' });
        if (p) found.add(p);
      }
    }
  }
  return [...found];
}

describe('lazy parsers', () => {
  it("each declaration's id, version, resumable and batches match the parser it loads", () => {
    const lazy = lazyParsers().filter((p) => loadLazyParser(p));
    expect(lazy.map((p) => p.id).sort()).toEqual(
      expect.arrayContaining([
        'cms_hrrp/hospital-csv',
        'cms_hrrp_supplemental/fr-tab',
        'cms_mssp_puf/results-csv',
        'cms_reach_puf/results-csv',
        'cms_reach_puf/providers-csv',
        'gsa_sam_exclusions/public-extract-csv',
        'cms_hospital_general_information/csv',
        'medicaid_nadac/nadac-csv',
        'fda_ndc_directory/finished-product-txt',
        'fda_ndc_directory/unfinished-package-txt',
        'chicago_building_permits/soda-set',
        'nlm_ctgov/studies-set',
        'oig_leie/leie-csv',
        'state_exclusions_ny/omig-txt',
        'state_exclusions_wa/termination-exclusion-xlsx',
      ]),
    );
  });

  it('every state list declares its layout lazily, from the head its layout spreads', () => {
    const states = SOURCE_MODULES.filter((m) => m.source.sourceId.startsWith('state_exclusions_'));
    expect(states.length).toBeGreaterThanOrEqual(16);
    for (const m of states) {
      const layouts = layoutsOf(m.source);
      expect({ source: m.source.sourceId, layouts: layouts.length }).toEqual({ source: m.source.sourceId, layouts: 1 });
      expect({ source: m.source.sourceId, lazy: loadLazyParser(layouts[0]!) }).toEqual({
        source: m.source.sourceId,
        lazy: true,
      });
    }
  });

  it('a declaration that differs from its parser fails on first use', () => {
    const real: PublisherParser = { id: 'a/b', version: '2', parse: async function* () {}, codesOf: () => [] };
    const p = lazyParser({ id: 'a/b', version: '1' }, () => real);
    expect(() => p.parse('')).toThrow(/lazy parser a\/b version 1: the parser is a\/b version 2/);
  });

  it('a PublisherFormatError of another copy of the class is one (a lazy file has its own copy)', () => {
    const BRAND = Symbol.for('publisher-format-error');
    class Copy extends Error {
      readonly [BRAND] = true;
    }
    expect(new Copy('x')).toBeInstanceOf(PublisherFormatError);
    expect(new Error('x')).not.toBeInstanceOf(PublisherFormatError);
    expect(new PublisherFormatError('a/b', 1, 'm')).toBeInstanceOf(PublisherFormatError);
  });
});
