/**
 * The links of an HTML page, as a browser would resolve them: the `href` of every `<a>` and
 * `<area>` (HTML Living Standard §4.6.1), character references decoded (§13.5), resolved against
 * the page's `<base href>` or else its final URL (WHATWG URL parsing), fragments dropped. Links in
 * comments and scripts are not links. Only http(s) links are returned (mailto:, javascript:, tel:,
 * data: and the like are not files); each URL once, in page order.
 */
export function extractLinks(html: string, pageUrl: URL): URL[] {
  // Every pattern here matches from any opening to its close or to the end of the page, so an
  // opening that never closes is consumed once (linear time on hostile pages), as a browser does:
  // an unclosed comment or script runs to the end, a tag cut off by the end is dropped.
  const text = html.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ').replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, ' ');
  const base = baseOf(text, pageUrl);
  const seen = new Set<string>();
  const out: URL[] = [];
  for (const m of text.matchAll(/<(?:a|area)\b([^>]*)(>?)/gi)) {
    if (m[2] === '') continue;
    const raw = attribute(m[1]!);
    if (raw === undefined) continue;
    const href = decodeEntities(raw).trim();
    if (href === '' || href.startsWith('#')) continue;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    out.push(url);
  }
  return out;
}

/** The last path segment, URL-decoded ('' for a directory link): what a link's file is called. */
export function linkFileName(url: URL): string {
  const seg = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

function baseOf(text: string, pageUrl: URL): URL {
  const tag = /<base\b([^>]*)(>?)/i.exec(text);
  const href = tag && tag[2] !== '' ? attribute(tag[1]!) : undefined;
  if (href === undefined) return pageUrl;
  try {
    return new URL(decodeEntities(href).trim(), pageUrl);
  } catch {
    return pageUrl;
  }
}

const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/** The raw `href` value from a start tag's attribute text (quoted or not); `data-href` is not it. */
function attribute(attrs: string): string | undefined {
  const m = HREF.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  sol: '/',
  colon: ':',
  equals: '=',
  quest: '?',
  num: '#',
  percnt: '%',
  period: '.',
  lowbar: '_',
  hyphen: '-',
};

/**
 * Numeric references and the named ones that occur in URLs. As in an attribute value (§13.2.5.73),
 * a named reference without its `;` is decoded only for the legacy names and only when no `=` or
 * alphanumeric follows (so `?a=1&lt=2` stays as written); an unknown name is left as written.
 */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9a-fA-F]+;?|#\d+;?|[a-zA-Z]+;?)/g, (whole, ref: string, at: number) => {
    const closed = ref.endsWith(';');
    const body = closed ? ref.slice(0, -1) : ref;
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = hex ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const v = NAMED[body.toLowerCase()];
    if (v === undefined) return whole;
    if (closed) return v;
    const next = s[at + whole.length] ?? '';
    return LEGACY.has(body.toLowerCase()) && !/[=A-Za-z0-9]/.test(next) ? v : whole;
  });
}

const LEGACY = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp']);
