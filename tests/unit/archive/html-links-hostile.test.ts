import { extractLinks } from '../../../shared/archive/fetch/html-links';

/**
 * Review finding: the link reader's patterns (`<!--…-->`, `<script…</script>`, `<a …>`,
 * `<base …>`) were retried from every opening that never closed, so a listing page of unclosed
 * openings took time quadratic in its size: 120 KB of `<a ` took seconds, a page at the 16 MiB
 * listing cap would block the fetch job (and the event loop) for hours. Reading must stay linear.
 */
const PAGE = new URL('https://www.cms.gov/page');

describe('reading links from a hostile page', () => {
  it.each([
    ['unclosed comments', '<!--'],
    ['unclosed scripts', '<script '],
    ['unclosed anchors', '<a '],
    ['unclosed base tags', '<base '],
    ['nested elements', '<div>'],
    ['nested templates', '<template>'],
    ['unclosed attribute quotes', '<a href="'],
  ])('reads 200 KB of %s in linear time', (_name, unit) => {
    const html = `${unit.repeat(Math.ceil(200_000 / unit.length))}`;
    const started = Date.now();
    expect(extractLinks(html, PAGE)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reads as a browser does around unclosed constructs', () => {
    const hrefs = (html: string) => extractLinks(html, PAGE).map((u) => u.href);
    // An unclosed comment or script runs to the end of the page; a tag cut off by the end is dropped.
    expect(hrefs('<a href="/a.csv">a</a><!-- <a href="/b.csv">b</a>')).toEqual(['https://www.cms.gov/a.csv']);
    expect(hrefs('<a href="/a.csv">a</a><script> <a href="/b.csv">b</a>')).toEqual(['https://www.cms.gov/a.csv']);
    expect(hrefs('<a href="/a.csv">a</a><a href="/b.csv"')).toEqual(['https://www.cms.gov/a.csv']);
    expect(hrefs('<!-- x --><a href="/c.csv">c</a><script>1</script ><a href=/d.csv>d</a>')).toEqual([
      'https://www.cms.gov/c.csv',
      'https://www.cms.gov/d.csv',
    ]);
  });
});
