import { Tokenizer } from 'htmlparser2';

/**
 * The links of an HTML page, as a browser finds them. The page is read by the tokenizer of
 * htmlparser2, a maintained HTML tokenizer (linear in the page's size: its tree-building Parser
 * keeps open elements in an array it unshifts into, quadratic on a hostile page of nested tags, so
 * only the tokenizer is used), then the `href` of every `<a>` and `<area>` start tag (HTML Living
 * Standard §4.6.1) is resolved against the first `<base href>` or else the page's final URL
 * (WHATWG URL parsing), fragments dropped. The tokenizer decides what is markup: text inside
 * comments, `<script>`, `<style>`, `<textarea>` or `<title>` is not a link, a `>` inside a quoted
 * attribute value does not end the tag, `href=` inside another attribute's value is not an href,
 * the first of two `href` attributes counts, and character references are decoded as in attribute
 * values (§13.2.5.73). Links inside a `<template>` are not rendered, so not links. Only http(s)
 * links are returned (mailto:, javascript:, tel:, data: are not files); each URL once, in page order.
 */
export function extractLinks(html: string, pageUrl: URL): URL[] {
  let base: URL | null = null;
  let inTemplate = 0;
  const hrefs: string[] = [];
  let tag = '';
  let attrs = new Map<string, string>();
  let attrName = '';
  let attrValue = '';
  const openTag = () => {
    if (tag === 'template') inTemplate++;
    if (inTemplate) return;
    const href = attrs.get('href');
    if (href === undefined) return;
    if (tag === 'base') {
      if (base === null) base = resolve(href.trim(), pageUrl) ?? pageUrl;
    } else if (tag === 'a' || tag === 'area') hrefs.push(href);
  };
  const none = () => {};
  const tokenizer = new Tokenizer(
    { decodeEntities: true, xmlMode: false },
    {
      onopentagname(start, end) {
        tag = html.slice(start, end).toLowerCase();
        attrs = new Map();
      },
      onattribname(start, end) {
        attrName = html.slice(start, end).toLowerCase();
        attrValue = '';
      },
      onattribdata(start, end) {
        attrValue += html.slice(start, end);
      },
      onattribentity(codepoint) {
        attrValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (!attrs.has(attrName)) attrs.set(attrName, attrValue);
      },
      onopentagend: openTag,
      onselfclosingtag: openTag,
      onclosetag(start, end) {
        if (inTemplate > 0 && html.slice(start, end).toLowerCase() === 'template') inTemplate--;
      },
      oncdata: none,
      oncomment: none,
      ondeclaration: none,
      onend: none,
      onprocessinginstruction: none,
      ontext: none,
      ontextentity: none,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  const seen = new Set<string>();
  const out: URL[] = [];
  for (const raw of hrefs) {
    const href = raw.trim();
    if (href === '' || href.startsWith('#')) continue;
    const url = resolve(href, base ?? pageUrl);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
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

function resolve(href: string, base: URL): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}
