import type { ListingSourceUrl, SourceDecl } from '../../sources/types';
import { linkFileName } from './html-links';
import { checkUrl, type UrlPolicy } from './policy';

/** How many files (and release pages) one listing may lead to per run, unless its declaration says. */
export const DEFAULT_MAX_LINKS = 50;

/** Which links of a listing page are followed, read from the declaration. */
export interface LinkRule {
  /** A file to follow, by its name (last path segment, URL-decoded). */
  isFile: (name: string) => boolean;
  /** A release page to read one level down. */
  isPage: (name: string) => boolean;
  gate?: { path: string; param: string; terms: string };
  /** Hosts other than the page's that links may be on. */
  hosts: readonly string[];
  policy: UrlPolicy;
}

/**
 * The rule of one registered listing: its `follow` pattern when declared, else the source's
 * document patterns (a link named like a document is a file of it).
 */
export function linkRule(
  source: SourceDecl,
  listing: ListingSourceUrl,
  extraHosts: readonly string[],
  policy: UrlPolicy,
): LinkRule {
  const follow = listing.follow;
  const via = listing.via;
  return {
    isFile: follow ? (name) => follow.test(name) : (name) => source.docs.some((d) => d.match.test(name)),
    isPage: via ? (name) => via.test(name) : () => false,
    gate: listing.gate,
    hosts: [...extraHosts, ...(listing.followHosts ?? [])],
    policy,
  };
}

export interface Chosen {
  /** Files to fetch, in page order. */
  files: URL[];
  /** Release pages to read, in page order. */
  pages: URL[];
  /** Links the rule chose by name but the policy forbids (plain http, another host, credentials). */
  refused: { url: string; reason: string }[];
}

/**
 * Sorts a page's links into files, release pages and refusals. A link is considered only when
 * its file name is chosen by the rule (other links, such as PDFs and navigation, are not
 * reported); a chosen link must then pass the fetch policy (https only) and be on the page's host
 * or a declared one. A gate link is first read as the link it stands in front of, and refused
 * (naming the terms) unless the policy accepts license gates.
 */
export function chooseLinks(links: readonly URL[], page: URL, rule: LinkRule): Chosen {
  const out: Chosen = { files: [], pages: [], refused: [] };
  const seen = new Set<string>();
  for (const link of links) {
    const url = throughGate(link, rule.gate);
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const name = linkFileName(url);
    const isPage = name !== '' && rule.isPage(name);
    if (!isPage && !(name !== '' && rule.isFile(name))) continue;
    const gated = url !== link && !rule.policy.acceptLicenseGates;
    const reason = gated
      ? `link behind a license click-through (${rule.gate?.terms}): not followed until the operator accepts those terms (FETCH_ACCEPT_LICENSE_GATES=true)`
      : refusal(url, page, rule);
    if (reason) out.refused.push({ url: url.href, reason });
    else (isPage ? out.pages : out.files).push(url);
  }
  return out;
}

function throughGate(link: URL, gate: LinkRule['gate']): URL {
  if (!gate || link.pathname.toLowerCase() !== gate.path.toLowerCase()) return link;
  const target = link.searchParams.get(gate.param);
  if (!target) return link;
  try {
    return new URL(target, link.origin);
  } catch {
    return link;
  }
}

function refusal(url: URL, page: URL, rule: LinkRule): string | undefined {
  try {
    checkUrl(url.href, rule.policy);
  } catch (err) {
    return `link refused: ${(err as Error).message}`;
  }
  const allowed = url.host === page.host || rule.hosts.includes(url.host) || rule.hosts.includes(url.hostname);
  return allowed
    ? undefined
    : `link refused: host ${url.host} is neither the listing's (${page.host}) nor declared in followHosts`;
}
