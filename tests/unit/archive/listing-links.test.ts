import { extractLinks, linkFileName } from '../../../shared/archive/fetch/html-links';
import { chooseLinks, linkRule } from '../../../shared/archive/fetch/listing-links';
import { getSource, mapFile, SOURCES } from '../../../shared/sources/registry';
import type { ListingSourceUrl } from '../../../shared/sources/types';

const PAGE = new URL('https://www.cms.gov/medicare/coding/page');
const hrefs = (html: string, page = PAGE) => extractLinks(html, page).map((u) => u.href);

describe('reading the links of a listing page', () => {
  it('resolves relative links against the page, decodes references, drops fragments', () => {
    expect(
      hrefs(`
        <a href="/files/zip/a.zip">A</a>
        <A HREF='b.csv#top'>B</A>
        <a class=x href=../c.txt>C</a>
        <a href="d.csv?x=1&amp;y=2&#38;z=3&#x26;w=4">D</a>
        <area shape="rect" href="https://other.example/e.zip">
        <a href="/files/zip/a.zip#again">dup</a>`),
    ).toEqual([
      'https://www.cms.gov/files/zip/a.zip',
      'https://www.cms.gov/medicare/coding/b.csv',
      'https://www.cms.gov/medicare/c.txt',
      'https://www.cms.gov/medicare/coding/d.csv?x=1&y=2&z=3&w=4',
      'https://other.example/e.zip',
    ]);
  });

  it('ignores mailto:, javascript:, tel:, bare fragments, links in comments and scripts', () => {
    expect(
      hrefs(`
        <a href="mailto:exclusions@oig.hhs.gov">mail</a><a href="javascript:void(0)">js</a>
        <a href="tel:+1800">tel</a><a href="#main">skip</a><a name="anchor">no href</a>
        <!-- <a href="/old/2401EXCL.csv">retired</a> -->
        <script>var s = '<a href="/x/2402EXCL.csv">';</script>
        <a data-href="/not-a-link.csv">n</a>
        <a href="/kept.csv">kept</a>`),
    ).toEqual(['https://www.cms.gov/kept.csv']);
  });

  it('honours <base href> and keeps a legacy reference without its semicolon only where a browser would', () => {
    expect(hrefs('<base href="https://download.cms.gov/nppes/"><a href="f.zip">f</a>')).toEqual([
      'https://download.cms.gov/nppes/f.zip',
    ]);
    // In an attribute value a legacy reference without ';' is decoded unless '=' or an alphanumeric follows.
    expect(hrefs('<a href="a.csv?x=1&lt=2&amp;b&copy;">x</a>')).toEqual([
      `https://www.cms.gov/medicare/coding/a.csv?x=1&lt=2&b${encodeURI('\u00a9')}`,
    ]);
    expect(hrefs('<a href="b.csv?q=a&ampb&amp c">x</a>')).toEqual([
      'https://www.cms.gov/medicare/coding/b.csv?q=a&ampb&%20c',
    ]);
  });

  it('reads markup as the HTML parser does, where a regular expression would not (issue 15, point 6)', () => {
    // '>' inside a quoted attribute value does not end the tag.
    expect(hrefs('<a title="a > b" href="/after-gt.csv">x</a>')).toEqual(['https://www.cms.gov/after-gt.csv']);
    // 'href=' inside another attribute's value is not the href.
    expect(hrefs('<a title=" href=/fake.csv" href="/real.csv">x</a>')).toEqual(['https://www.cms.gov/real.csv']);
    expect(hrefs('<a data-x=\'href="/fake.csv"\'>x</a>')).toEqual([]);
    // Raw-text and escapable raw-text elements hold no links.
    expect(
      hrefs(
        '<style>a[href="/style.csv"]{}</style><textarea><a href="/textarea.csv">t</a></textarea><title><a href="/title.csv"></title><template><a href="/template.csv">t</a></template><a href="/ok.csv">ok</a>',
      ),
    ).toEqual(['https://www.cms.gov/ok.csv']);
    // Character references, named and numeric, in attribute values.
    expect(hrefs('<a href="/f&#x69;le&period;csv?a=1&amp;b=2">x</a>')).toEqual([
      'https://www.cms.gov/file.csv?a=1&b=2',
    ]);
    // Only the first <base href> counts.
    expect(hrefs('<base href="https://a.cms.gov/x/"><base href="https://b.cms.gov/"><a href="f.zip">f</a>')).toEqual([
      'https://a.cms.gov/x/f.zip',
    ]);
  });

  it('names a link by its last path segment, URL-decoded', () => {
    expect(linkFileName(new URL('https://x.gov/d/DME%20Rural%20ZIP.zip?v=2'))).toBe('DME Rural ZIP.zip');
    expect(linkFileName(new URL('https://x.gov/d/'))).toBe('');
    expect(linkFileName(new URL('https://x.gov/d/%E0%A4%A.csv'))).toBe('%E0%A4%A.csv');
  });
});

describe('choosing the links to follow', () => {
  const leie = getSource('oig_leie')!;
  const supplements = leie.urls[2] as ListingSourceUrl;
  const page = new URL('https://oig.hhs.gov/exclusions/leie-database-supplement-downloads/');
  const rule = linkRule(leie, supplements, [], {});

  it('follows links named like a document, refuses plain http and other hosts, skips the rest', () => {
    const links = extractLinks(
      `<a href="/exclusions/downloadables/2026/2608excl.csv">Exclusions</a>
       <a href="/exclusions/downloadables/2026/2608rein.csv">Reinstatements</a>
       <a href="/exclusions/files/leie_record_layout.pdf">Layout</a>
       <a href="http://oig.hhs.gov/exclusions/downloadables/2026/2607excl.csv">old</a>
       <a href="https://mirror.example.org/2607rein.csv">mirror</a>`,
      page,
    );
    const chosen = chooseLinks(links, page, rule);
    expect(chosen.files.map((u) => u.pathname)).toEqual([
      '/exclusions/downloadables/2026/2608excl.csv',
      '/exclusions/downloadables/2026/2608rein.csv',
    ]);
    expect(chosen.pages).toEqual([]);
    expect(chosen.refused).toEqual([
      {
        url: 'http://oig.hhs.gov/exclusions/downloadables/2026/2607excl.csv',
        reason: expect.stringMatching(/plain http/),
      },
      { url: 'https://mirror.example.org/2607rein.csv', reason: expect.stringMatching(/host mirror\.example\.org/) },
    ]);
  });

  it('allows a declared host, and a declared follow pattern replaces the document patterns', () => {
    const nadac = getSource('medicaid_nadac')!;
    const listing = nadac.urls[0] as ListingSourceUrl;
    const on = new URL('https://data.medicaid.gov/dataset/nadac-national-average-drug-acquisition-cost');
    const links = extractLinks(
      `<a href="https://download.medicaid.gov/data/nadac-national-average-drug-acquisition-cost-04-29-2026.csv">w</a>
       <a href="https://download.medicaid.gov/data/nadac-comparison-04-01-2026.csv">comparison</a>`,
      on,
    );
    expect(nadac.docs[0]!.match.test('nadac-comparison-04-01-2026.csv')).toBe(true);
    const chosen = chooseLinks(links, on, linkRule(nadac, listing, [], {}));
    expect(chosen.files.map(linkFileName)).toEqual(['nadac-national-average-drug-acquisition-cost-04-29-2026.csv']);
    expect(chosen.refused).toEqual([]);
    const undeclared = chooseLinks(links, on, linkRule(nadac, { ...listing, followHosts: [] }, [], {}));
    expect(undeclared.files).toEqual([]);
    expect(undeclared.refused).toHaveLength(1);
  });
});

/** Link shapes read off the publishers' pages (see the decls' comments); each row: page, href, what it becomes. */
const REAL: [sourceId: string, urlIndex: number, page: string, href: string, expected: string | null][] = [
  [
    'cms_hcpcs_level2',
    0,
    'https://www.cms.gov/medicare/coding-billing/healthcare-common-procedure-system/quarterly-update',
    'https://www.cms.gov/files/zip/july-2026-alpha-numeric-hcpcs-file.zip',
    'file',
  ],
  [
    'cms_hcpcs_level2',
    0,
    'https://www.cms.gov/medicare/coding-billing/healthcare-common-procedure-system/quarterly-update',
    '/files/zip/january-2024-alpha-numeric-hcpcs-files.zip',
    'file',
  ],
  [
    'cms_hcpcs_level2',
    0,
    'https://www.cms.gov/medicare/coding-billing/healthcare-common-procedure-system/quarterly-update',
    '/files/document/hcpcs-quarterly-update-faq.pdf',
    null,
  ],
  [
    'cms_ncci_mue',
    0,
    'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-medically-unlikely-edits',
    '/files/zip/medicare-ncci-2026-q3-practitioner-services-mue-table.zip',
    'file',
  ],
  [
    'cms_ncci_mue',
    0,
    'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-medically-unlikely-edits',
    '/files/zip/medicare-ncci-2026-q2-facility-outpatient-hospital-services-mue-table.zip',
    'file',
  ],
  [
    'cms_ncci_mue',
    0,
    'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-medically-unlikely-edits',
    '/files/zip/medicare-ncci-2026-q2-dme-supplier-services-mue-table.zip',
    'file',
  ],
  [
    'cms_ncci_ptp',
    0,
    'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-procedure-procedure-ptp-edits',
    '/license/ama?file=/files/zip/medicare-ncci-2026q3-practitioner-ptp-edits-ccipra-v322r0-f1.zip',
    'https://www.cms.gov/files/zip/medicare-ncci-2026q3-practitioner-ptp-edits-ccipra-v322r0-f1.zip',
  ],
  [
    'cms_ncci_ptp',
    0,
    'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-procedure-procedure-ptp-edits',
    '/license/ama?file=/files/zip/medicare-ncci-2026-q4-hospital-ptp-edits-ccioph-v323r0-f1.zip',
    'https://www.cms.gov/files/zip/medicare-ncci-2026-q4-hospital-ptp-edits-ccioph-v323r0-f1.zip',
  ],
  [
    'cms_ncci_ptp',
    0,
    'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-procedure-procedure-ptp-edits',
    '/files/zip/medicare-ncci-2026q2-practitioner-quarterly-additions-deletions-revisions-ptp.zip',
    null,
  ],
  [
    'cms_dmepos_fee_schedule',
    0,
    'https://www.cms.gov/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule',
    '/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule/dme26-c',
    'page',
  ],
  [
    'cms_dmepos_fee_schedule',
    0,
    'https://www.cms.gov/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule',
    '/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule/dme26',
    'page',
  ],
  [
    'cms_dmepos_fee_schedule',
    0,
    'https://www.cms.gov/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule/dme26-c',
    '/files/zip/dme26-c.zip',
    'file',
  ],
  [
    'cms_dmepos_fee_schedule',
    0,
    'https://www.cms.gov/medicare/payment/fee-schedules/dmepos/dmepos-fee-schedule/dme24-b',
    'https://www.cms.gov/files/zip/dme24b.zip',
    'file',
  ],
  [
    'nppes',
    0,
    'https://download.cms.gov/nppes/NPI_Files.html',
    'NPPES_Data_Dissemination_February_2025_V2.zip',
    'file',
  ],
  [
    'nppes',
    0,
    'https://download.cms.gov/nppes/NPI_Files.html',
    './NPPES_Data_Dissemination_021025_021625_Weekly_V2.zip',
    'file',
  ],
  ['nppes', 0, 'https://download.cms.gov/nppes/NPI_Files.html', 'NPPES_Data_Dissemination_February_2025.zip', null],
  ['nppes', 0, 'https://download.cms.gov/nppes/NPI_Files.html', 'NPPES_Deactivated_NPI_Report_021025.zip', null],
  [
    'oig_leie',
    2,
    'https://oig.hhs.gov/exclusions/leie-database-supplement-downloads/',
    '/exclusions/downloadables/2026/2608excl.csv',
    'file',
  ],
  [
    'oig_leie',
    1,
    'https://oig.hhs.gov/exclusions/exclusions_list.asp',
    '/exclusions/downloadables/2026/2608REIN.csv',
    'file',
  ],
  [
    'state_exclusions_ky',
    0,
    'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Pages/terminated.aspx',
    '/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx',
    'file',
  ],
];

describe("each source's link rule on the publisher's real link shapes", () => {
  it.each(REAL)('%s (urls[%i]) on %s: %s', (sourceId, i, page, href, expected) => {
    const source = getSource(sourceId)!;
    const listing = source.urls[i] as ListingSourceUrl;
    expect(listing.kind).toBe('listing');
    const pageUrl = new URL(page);
    const chosen = chooseLinks(
      extractLinks(`<a href="${href}">x</a>`, pageUrl),
      pageUrl,
      // The operator has accepted the publishers' license click-throughs (FETCH_ACCEPT_LICENSE_GATES).
      linkRule(source, listing, [], { acceptLicenseGates: true }),
    );
    expect(chosen.refused).toEqual([]);
    if (expected === null) expect([...chosen.files, ...chosen.pages]).toEqual([]);
    else if (expected === 'page') expect(chosen.pages).toHaveLength(1);
    else if (expected === 'file') expect(chosen.files).toHaveLength(1);
    else expect(chosen.files.map((u) => u.href)).toEqual([expected]);
  });

  it('refuses a link behind a license click-through, naming the terms, until the operator accepts them', () => {
    const source = getSource('cms_ncci_ptp')!;
    const listing = source.urls[0] as ListingSourceUrl;
    const pageUrl = new URL(listing.url);
    const links = extractLinks(
      '<a href="/license/ama?file=/files/zip/medicare-ncci-2026q3-practitioner-ptp-edits-ccipra-v322r0-f1.zip">x</a>',
      pageUrl,
    );
    const refused = chooseLinks(links, pageUrl, linkRule(source, listing, [], {}));
    expect(refused.files).toEqual([]);
    expect(refused.refused).toHaveLength(1);
    expect(refused.refused[0]!.reason).toMatch(/license click-through \(.*AMA.*\).*FETCH_ACCEPT_LICENSE_GATES=true/);
    const accepted = chooseLinks(links, pageUrl, linkRule(source, listing, [], { acceptLicenseGates: true }));
    expect(accepted.files.map((u) => u.pathname)).toEqual([
      '/files/zip/medicare-ncci-2026q3-practitioner-ptp-edits-ccipra-v322r0-f1.zip',
    ]);
  });

  it('archives every listing page as a file without a document', () => {
    for (const s of SOURCES) {
      for (const u of s.urls.filter((x) => x.kind === 'listing')) {
        const name = linkFileName(new URL(u.url)) || new URL(u.url).pathname.split('/').filter(Boolean).pop() || '';
        expect([s.sourceId, mapFile(s, { name, parents: [], head: Buffer.alloc(0) }).docId]).toEqual([
          s.sourceId,
          null,
        ]);
      }
    }
  });

  it('maps the dated ANWEB member of the HCPCS zip to the record-file document', () => {
    const f = {
      name: 'HCPC2026_JAN_ANWEB_01122026.txt',
      parents: ['january-2026-alpha-numeric-hcpcs-file.zip'],
      head: Buffer.alloc(0),
    };
    expect(mapFile(getSource('cms_hcpcs_level2')!, f)).toMatchObject({
      docId: 'hcpcs:1',
      reading: { publisherVersion: '2026 JAN 01122026', effectiveFrom: '2026-01-01', effectiveTo: null },
    });
  });
});
