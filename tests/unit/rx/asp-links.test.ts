import * as fs from 'node:fs';
import type { ListingRow } from '../../../shared/catalog/query';
import { aspLimitsParser } from '../../../shared/datasets/cms_asp_pricing/parser';
import { biosimilarCodes, describedRows, referenceCodes } from '../../../shared/rx/asp-links';
import type { AspLimitRow } from '../../../shared/rx/asp-rows';
import { describeWithSamples, samplePath } from '../../helpers/samples';

const SOURCE = {
  source_id: 'cms_asp_pricing',
  doc_id: 'asp:1',
  version_id: 1,
  sha256: 'x',
  publisher_version: '2025 Q1',
  locator: null,
};
const listed = (rows: Partial<AspLimitRow>[]): ListingRow[] =>
  rows.map((r) => ({ value: r as Record<string, unknown>, source: SOURCE as ListingRow['source'] }));
const codes = (r: ReturnType<typeof referenceCodes>) =>
  r.candidates.map((c) => [(c.row.value as unknown as AspLimitRow).hcpcs, c.link.method, c.link.confidence]);

/** 351(k) names whose codes are biosimilar codes (as /rx/biosimilars builds them from the Purple Book). */
const BIOSIMILAR_NAMES = new Set([
  'inflectra',
  'renflexis',
  'avsola',
  'mvasi',
  'zirabev',
  'zarxio',
  'nivestym',
  'pegfilgrastim-bmez',
  'udenyca',
  'fulphila',
  'truxima',
  'ruxience',
  'riabni',
  'kanjinti',
  'ogivri',
  'herzuma',
  'ontruzant',
  'trazimera',
  'retacrit',
  'wezlana',
]);

describe('ASP descriptor links', () => {
  const rows = describedRows(
    listed([
      { hcpcs: 'J1442', short_description: 'Inj filgrastim excl biosimil' },
      { hcpcs: 'J1447', short_description: 'Inj tbo filgrastim 1 microg' },
      { hcpcs: 'Q5101', short_description: 'Injection, zarxio' },
      { hcpcs: 'J9354', short_description: 'Inj, ado-trastuzumab emt 1mg' },
      { hcpcs: 'J9355', short_description: 'Inj trastuzumab excl biosimi' },
      { hcpcs: '90375', short_description: null },
    ]),
  );
  it('prefers a descriptor that excludes biosimilars, never another molecule spelled with a prefix word', () => {
    expect(codes(referenceCodes(rows, 'NEUPOGEN', 'filgrastim', BIOSIMILAR_NAMES))).toEqual([
      ['J1442', 'asp_descriptor_molecule_excluding_biosimilars', 0.9],
    ]);
    expect(codes(referenceCodes(rows, 'HERCEPTIN', 'trastuzumab', BIOSIMILAR_NAMES))).toEqual([
      ['J9355', 'asp_descriptor_molecule_excluding_biosimilars', 0.9],
    ]);
    expect(referenceCodes(rows, 'LANTUS', 'insulin glargine', BIOSIMILAR_NAMES).status).toBe('not_found');
  });
  it('finds a biosimilar by its proprietary name', () => {
    const r = biosimilarCodes(rows, 'ZARXIO', 'filgrastim-sndz');
    expect(r.status).toBe('linked');
    expect(codes(r)).toEqual([['Q5101', 'asp_descriptor_names_proprietary_name', 0.95]]);
  });
});

describeWithSamples('ASP descriptor links on the real January 2025 file', samplePath('cms_asp_pricing'), () => {
  let rows: ReturnType<typeof describedRows>;
  beforeAll(async () => {
    const file = samplePath('cms_asp_pricing', 'section 508 version of Jan 2025 ASP Pricing File updated 030725.csv');
    const parsed: AspLimitRow[] = [];
    for await (const r of aspLimitsParser.parse(fs.readFileSync(file))) parsed.push(r);
    rows = describedRows(listed(parsed));
  });
  it('links reference products to the code that excludes biosimilars, even abbreviated', () => {
    expect(codes(referenceCodes(rows, 'REMICADE', 'infliximab', BIOSIMILAR_NAMES))).toEqual([
      ['J1745', 'asp_descriptor_molecule_excluding_biosimilars', 0.9],
    ]);
    expect(codes(referenceCodes(rows, 'NEUPOGEN', 'filgrastim', BIOSIMILAR_NAMES))).toEqual([
      ['J1442', 'asp_descriptor_molecule_excluding_biosimilars', 0.9],
    ]);
    expect(codes(referenceCodes(rows, 'HERCEPTIN', 'trastuzumab', BIOSIMILAR_NAMES))).toEqual([
      ['J9355', 'asp_descriptor_molecule_excluding_biosimilars', 0.9],
    ]);
    // "Inj pegfilgrast ex bio 0.5mg": cut short by the 28-character descriptor.
    expect(codes(referenceCodes(rows, 'NEULASTA', 'pegfilgrastim', BIOSIMILAR_NAMES))).toEqual([
      ['J2506', 'asp_descriptor_abbreviated_molecule_excluding_biosimilars', 0.8],
    ]);
  });
  it('lists several equally good codes as ambiguous, never choosing one', () => {
    const bev = referenceCodes(rows, 'AVASTIN', 'bevacizumab', BIOSIMILAR_NAMES);
    expect(codes(bev)).toEqual([['J9035', 'asp_descriptor_molecule_only_code', 0.7]]);
    const ritux = referenceCodes(rows, 'RITUXAN', 'rituximab', BIOSIMILAR_NAMES);
    expect(ritux.status).toBe('ambiguous');
    expect(codes(ritux).map((c) => c[0])).toEqual(['J9311', 'J9312']);
    expect(referenceCodes(rows, 'STELARA', 'ustekinumab', BIOSIMILAR_NAMES).status).toBe('ambiguous');
  });
  it('finds biosimilar codes by proprietary name or suffixed proper name', () => {
    expect(codes(biosimilarCodes(rows, 'INFLECTRA', 'infliximab-dyyb'))).toEqual([
      ['Q5103', 'asp_descriptor_names_proprietary_name', 0.95],
    ]);
    expect(codes(biosimilarCodes(rows, 'ZIEXTENZO', 'pegfilgrastim-bmez'))).toEqual([
      ['Q5120', 'asp_descriptor_names_proper_name_with_suffix', 0.95],
    ]);
  });
});
