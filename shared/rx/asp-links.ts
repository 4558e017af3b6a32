import type { ListingRow } from '../catalog/query';
import { wordsOf } from './asp';
import type { AspLimitRow } from './asp-rows';
import type { JoinLink } from './asp-schemas';

/**
 * Name links from a biological product to the HCPCS codes of the ASP payment-limit file. The ASP
 * file carries no NDC, BLA number or proper name column: a code is found only by the words of its
 * short descriptor, so every link here is a name match with a confidence below 1, and the rule is
 * named on each link (ASP_LINK_RULES, quoted in the methodology note).
 */
export const ASP_LINK_RULES =
  'Links to ASP codes are name matches on the CMS short descriptor (the ASP file has no NDC, BLA or proper-name column), words compared whole (a hyphenated word such as `pegfilgrastim-bmez` or `ado-trastuzumab` is one word). Biosimilar: the descriptor names its proprietary name (`Injection, inflectra`) or its proper name with suffix (`Inj pegfilgrastim-bmez`): confidence 0.95. Reference product: the descriptor names the molecule (the core proper name) and says biosimilars are excluded (`Infliximab not biosimil`, `excl biosimil`, `ex bio`): 0.9, the strongest sign CMS gives of a reference product’s code; a molecule cut short by the 28-character descriptor (`pegfilgrast ex bio`) scores 0.1 less; else the descriptor names the reference product’s proprietary name: 0.85 (a brand word can also open another product’s descriptor, as `herceptin hylecta`); else it names the molecule and no biosimilar (descriptors naming a 351(k) product’s proprietary or suffixed name are left out, and so are other molecules spelled with a prefix word such as `tbo filgrastim`): 0.7 when one code does, 0.5 each when several do (`ambiguous`: e.g. ustekinumab’s subcutaneous and intravenous codes). A link is a reading of CMS’s descriptor, never a statement by CMS that the code pays for that product.';

/** Words that, before a molecule name, make it another molecule (`tbo filgrastim`, `ziv aflibercept`). */
const PREFIX_WORDS = new Set(['tbo', 'ado', 'ziv', 'fam', 'peg', 'pegylated']);

export interface AspCandidate {
  row: ListingRow;
  link: JoinLink;
}

export interface AspLinkResult {
  status: 'linked' | 'ambiguous' | 'not_found';
  candidates: AspCandidate[];
}

/** `Infliximab not biosimil`, `excl biosimil`, `ex bio`: the descriptor says biosimilars are billed elsewhere. */
const EXCLUDES_BIOSIMILARS = /\b(not|excl\w*|excludes?|non|ex)[\s-]+bio/i;

/**
 * Whether the descriptor names the molecule: `full` (its words, whole, not after a prefix word
 * that makes another molecule), `abbreviated` (a one-word molecule cut short by CMS's 28-character
 * descriptor, `pegfilgrast` for pegfilgrastim: a word of at least 6 letters it starts with), or null.
 */
function moleculeIn(words: readonly string[], mol: readonly string[]): 'full' | 'abbreviated' | null {
  const at = indexOfSeq(words, mol);
  if (at >= 0) return at > 0 && PREFIX_WORDS.has(words[at - 1]!) ? null : 'full';
  if (mol.length !== 1) return null;
  const m = mol[0]!;
  const i = words.findIndex((w) => w.length >= 6 && w.length < m.length && !w.includes('-') && m.startsWith(w));
  return i >= 0 && !(i > 0 && PREFIX_WORDS.has(words[i - 1]!)) ? 'abbreviated' : null;
}

/** Where the word sequence occurs in the words, or -1. */
function indexOfSeq(words: readonly string[], seq: readonly string[]): number {
  if (!seq.length) return -1;
  outer: for (let i = 0; i + seq.length <= words.length; i++) {
    for (let j = 0; j < seq.length; j++) if (words[i + j] !== seq[j]) continue outer;
    return i;
  }
  return -1;
}

interface Described {
  row: ListingRow;
  words: string[];
  text: string;
}

/** The limit rows with their descriptor words, computed once per request. */
export function describedRows(rows: readonly ListingRow[]): Described[] {
  return rows.flatMap((row) => {
    const d = (row.value as unknown as AspLimitRow).short_description;
    return d ? [{ row, words: wordsOf(d), text: d }] : [];
  });
}

const byCode = (a: AspCandidate, b: AspCandidate) =>
  (a.row.value as unknown as AspLimitRow).hcpcs < (b.row.value as unknown as AspLimitRow).hcpcs ? -1 : 1;

function result(cands: AspCandidate[]): AspLinkResult {
  cands.sort(byCode);
  return { status: cands.length === 0 ? 'not_found' : cands.length === 1 ? 'linked' : 'ambiguous', candidates: cands };
}

/** The biosimilar's own code(s): its proprietary name or its proper name with suffix in the descriptor. */
export function biosimilarCodes(
  rows: readonly Described[],
  proprietaryName: string | null,
  properName: string | null,
): AspLinkResult {
  const out: AspCandidate[] = [];
  const brand = proprietaryName ? wordsOf(proprietaryName) : [];
  const proper = properName ? wordsOf(properName) : [];
  for (const r of rows) {
    if (brand.length && indexOfSeq(r.words, brand) >= 0)
      out.push({
        row: r.row,
        link: { method: 'asp_descriptor_names_proprietary_name', matched_text: brand.join(' '), confidence: 0.95 },
      });
    else if (proper.length && proper.some((w) => w.includes('-')) && indexOfSeq(r.words, proper) >= 0)
      out.push({
        row: r.row,
        link: {
          method: 'asp_descriptor_names_proper_name_with_suffix',
          matched_text: proper.join(' '),
          confidence: 0.95,
        },
      });
  }
  return result(out);
}

/**
 * The reference product's code(s). `biosimilarNames`: every 351(k) proprietary and suffixed proper
 * name in force, whose codes are biosimilar codes and never the reference product's.
 */
export function referenceCodes(
  rows: readonly Described[],
  proprietaryName: string | null,
  molecule: string | null,
  biosimilarNames: ReadonlySet<string>,
): AspLinkResult {
  const mol = molecule ? wordsOf(molecule) : [];
  const hits = rows.flatMap((r) => {
    const m = moleculeIn(r.words, mol);
    return m && !r.words.some((w) => biosimilarNames.has(w)) ? [{ ...r, abbreviated: m === 'abbreviated' }] : [];
  });
  const cut = (h: { abbreviated: boolean }, c: number) => (h.abbreviated ? Math.round((c - 0.1) * 100) / 100 : c);
  const excluding = hits.filter((r) => EXCLUDES_BIOSIMILARS.test(r.text));
  if (excluding.length)
    return result(
      excluding.map((r) => ({
        row: r.row,
        link: {
          method: r.abbreviated
            ? 'asp_descriptor_abbreviated_molecule_excluding_biosimilars'
            : 'asp_descriptor_molecule_excluding_biosimilars',
          matched_text: mol.join(' '),
          confidence: cut(r, 0.9),
        },
      })),
    );
  const brand = proprietaryName ? wordsOf(proprietaryName) : [];
  if (brand.length) {
    const named = rows.filter((r) => indexOfSeq(r.words, brand) >= 0);
    if (named.length)
      return result(
        named.map((r) => ({
          row: r.row,
          link: { method: 'asp_descriptor_names_proprietary_name', matched_text: brand.join(' '), confidence: 0.85 },
        })),
      );
  }
  const several = hits.length > 1;
  return result(
    hits.map((r) => ({
      row: r.row,
      link: {
        method: several ? 'asp_descriptor_molecule_several_codes' : 'asp_descriptor_molecule_only_code',
        matched_text: mol.join(' '),
        confidence: cut(r, several ? 0.5 : 0.7),
      },
    })),
  );
}
