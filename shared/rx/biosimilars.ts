import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { type ListingRow, readWholeListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import { viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { aspItem, aspLimitsIn, wordsOf } from './asp';
import { ASP_LINK_RULES, type AspLinkResult, biosimilarCodes, describedRows, referenceCodes } from './asp-links';
import { ASP_LIMITS, ASP_METHODOLOGY } from './asp-rows';
import type { AspLink, Biosimilar, Biosimilars, PriceListLink } from './biosimilar-schemas';
import { priceListMatchesFor } from './price-list-matches';
import { PURPLE_BOOK, type PurpleBookRow } from './purple-book-rows';

export interface BiosimilarQuery {
  reference_product?: string;
  molecule?: string;
  interchangeable?: boolean;
  limit: number;
  offset: number;
}

export const PRICE_LIST_SOURCE = 'costplus_price_list';

const METHOD =
  'Biosimilars from the FDA Purple Book monthly extract in force on `as_of`: each 351(k) BLA (biosimilar or interchangeable; one item per BLA, its products by strength and presentation) with the reference product the Purple Book states on its rows (`Ref. Product Proper Name` and `Ref. Product Proprietary Name`), found among the 351(a) rows by proper name (confidence 1 when the proprietary name matches too, 0.9 on the proper name alone; no BLA number links them in the extract). Licensed is not launched: the Purple Book says nothing of marketing beyond `Status`, and interchangeability is a licensing designation, not a payer’s substitution rule. ';

/** Lower-case, single spaces. */
const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

function productOf(r: PurpleBookRow, v: CatalogVersion) {
  return {
    product_number: r.product_number,
    bla_type: r.bla_type,
    strength: r.strength,
    dosage_form: r.dosage_form,
    route: r.route,
    product_presentation: r.product_presentation,
    marketing_status: r.marketing_status,
    licensure: r.licensure,
    approval_date: r.approval_date,
    source: rowSourceOf(v, r.locator),
  };
}

function aspLinkOut(res: AspLinkResult | null, quarter: string | null): AspLink {
  if (!res) return { status: 'source_not_loaded', quarter: null, codes: [] };
  return {
    status: res.status,
    quarter,
    codes: res.candidates.map((c) => {
      const { ndc_matches: _n, ...item } = aspItem(c.row);
      return { ...item, link: c.link };
    }),
  };
}

type PriceListResult = Awaited<ReturnType<typeof priceListMatchesFor>>;

/**
 * The cheapest product of the price-list snapshot in force whose medication name holds every word
 * (4+ letters) of the molecule (a name match: the listing carries no BLA or proper name), by unit
 * price, ties by slug.
 */
export function cheapestOf(molecule: string | null, found: PriceListResult | null): PriceListLink {
  const base = { source_id: PRICE_LIST_SOURCE, molecule };
  if (!found?.in_force)
    return {
      ...base,
      status: 'source_not_loaded',
      reason: 'No price-list snapshot is in force on the date (see gaps).',
      product: null,
    };
  if (!molecule) return { ...base, status: 'not_found', reason: 'The biosimilar names no molecule.', product: null };
  const best = [...found.matches].sort(
    (a, b) => a.unit_price - b.unit_price || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  )[0];
  if (!best)
    return {
      ...base,
      status: 'not_found',
      reason: `No product of the snapshot in force names ${molecule}.`,
      product: null,
    };
  return {
    ...base,
    status: 'linked',
    reason: null,
    product: {
      slug: best.slug,
      name: [best.medication_name, best.strength, best.form].filter(Boolean).join(' '),
      unit_price: best.unit_price,
      link: { method: 'price_list_medication_name_words', matched_text: best.medication_name, confidence: 0.6 },
      source: best.source,
    },
  };
}

interface Group {
  rows: { row: PurpleBookRow; version: CatalogVersion }[];
  first: PurpleBookRow;
}

/**
 * /rx/biosimilars as of a date: the 351(k) products of the Purple Book extract in force grouped by
 * BLA, filtered, ordered by molecule, proper name and BLA number (unique), paged by offset; each
 * with its stated reference product, the reference product's ASP payment limit and its own ASP code
 * in the quarter in force (name links, ASP_LINK_RULES), and the cheapest price-list product of the
 * same molecule in the snapshot in force (a name match; no snapshot: `source_not_loaded`). No
 * Purple Book extract in force: 503 naming fda_purple_book; no ASP file: a gap and
 * `source_not_loaded` links.
 */
export async function biosimilars(deps: Deps, q: BiosimilarQuery, date: string): Promise<Biosimilars> {
  const [purple, asp] = await viewsOf(deps, [
    { dataset: requireDataset(PURPLE_BOOK), date },
    { dataset: requireDataset(ASP_LIMITS), date },
  ]);
  if (!purple!.versions.length)
    throw new SourceNotLoadedError(`No FDA Purple Book extract is loaded and in force on ${date}.`, {
      sources: ['fda_purple_book'],
      gaps: purple!.gaps,
    });
  const listed: ListingRow[] = await readWholeListing(deps, purple!.dataset, 'products', {
    versions: purple!,
    filters: { pathway: { eq: '351(k)' } },
  });
  const groups = new Map<string, Group>();
  for (const l of listed) {
    const v = purple!.version(l.source.version_id);
    if (!v) continue;
    const row = l.value as unknown as PurpleBookRow;
    const g = groups.get(row.bla_number) ?? { rows: [], first: row };
    g.rows.push({ row, version: v });
    groups.set(row.bla_number, g);
  }
  // Every 351(k) proprietary name and suffixed proper name: their ASP codes are biosimilar codes.
  const biosimilarNames = new Set<string>();
  for (const g of groups.values())
    for (const { row } of g.rows) {
      for (const w of wordsOf(row.proprietary_name ?? '')) biosimilarNames.add(w);
      for (const w of wordsOf(row.proper_name ?? '')) if (w.includes('-')) biosimilarNames.add(w);
    }
  const ref = norm(q.reference_product);
  const mol = norm(q.molecule);
  const kept = [...groups.values()].filter((g) => {
    const r = g.first;
    if (mol && norm(r.molecule) !== mol) return false;
    if (ref && norm(r.ref_product_proper_name) !== ref && norm(r.ref_product_proprietary_name) !== ref) return false;
    const inter = g.rows.some((x) => x.row.kind === 'interchangeable');
    if (q.interchangeable !== undefined && inter !== q.interchangeable) return false;
    return true;
  });
  const key = (g: Group) => [norm(g.first.molecule), norm(g.first.proper_name), g.first.bla_number.padStart(6, '0')];
  kept.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
  const page = kept.slice(q.offset, q.offset + q.limit);
  // The price list, by molecule name, once per distinct molecule of the page (never a 503: a gap).
  const molecules = [...new Set(page.map((g) => g.first.molecule).filter((m): m is string => !!m))];
  const priced = new Map<string, PriceListResult>(
    await Promise.all(molecules.map(async (m) => [m, await priceListMatchesFor(deps, { name: m }, date)] as const)),
  );
  const anyPriced = priced.values().next().value ?? (await priceListMatchesFor(deps, {}, date));
  // Reference products: the 351(a) rows of the stated proper names, one batched lookup.
  const refNames = [...new Set(page.map((g) => norm(g.first.ref_product_proper_name)).filter(Boolean))];
  const found = await lookupMany(deps, purple!.dataset, 'proper_name', refNames, purple!.versions);
  const aspRows = asp!.versions.length ? describedRows(await aspLimitsIn(deps, asp!)) : null;
  const quarter = asp!.versions[0]?.publisher_version ?? null;
  const items: Biosimilar[] = page.map((g) => {
    const first = g.first;
    const refs = (found.get(norm(first.ref_product_proper_name)) ?? []).flatMap((s) => {
      const v = purple!.version(s.version_id);
      const row = s.value as unknown as PurpleBookRow;
      return v && row.pathway === '351(a)' ? [{ row, version: v }] : [];
    });
    const sameBrand = refs.filter((r) => norm(r.row.proprietary_name) === norm(first.ref_product_proprietary_name));
    const chosen = sameBrand.length ? sameBrand : refs;
    const refBlas = [...new Set(chosen.map((r) => r.row.bla_number))];
    const refRow = refBlas.length === 1 ? chosen[0]!.row : null;
    const link = refRow
      ? sameBrand.length
        ? {
            method: 'purple_book_stated_reference',
            matched_text: `${first.ref_product_proper_name} / ${first.ref_product_proprietary_name}`,
            confidence: 1,
          }
        : {
            method: 'purple_book_stated_reference_proper_name_only',
            matched_text: first.ref_product_proper_name,
            confidence: 0.9,
          }
      : {
          method:
            refBlas.length > 1 ? 'purple_book_stated_reference_ambiguous' : 'purple_book_stated_reference_not_found',
          matched_text: first.ref_product_proper_name,
          confidence: null,
        };
    const refMolecule = refRow?.molecule ?? norm(first.ref_product_proper_name) ?? first.molecule;
    const refBrand = refRow?.proprietary_name ?? first.ref_product_proprietary_name;
    const inter = g.rows.filter((x) => x.row.kind === 'interchangeable');
    const approvals = g.rows
      .map((x) => x.row.approval_date)
      .filter((d): d is string => !!d)
      .sort();
    return {
      bla_number: first.bla_number,
      proprietary_name: first.proprietary_name,
      proper_name: first.proper_name,
      molecule: first.molecule,
      suffix: first.suffix,
      applicant: first.applicant,
      interchangeable: inter.length > 0,
      first_interchangeable_exclusivity_exp_date:
        inter.map((x) => x.row.first_interchangeable_exclusivity_exp_date).find((d) => !!d) ?? null,
      approval_date: approvals[0] ?? null,
      products: g.rows.map((x) => productOf(x.row, x.version)),
      reference_product: {
        bla_number: refRow?.bla_number ?? null,
        proprietary_name: refBrand,
        proper_name: refRow?.proper_name ?? first.ref_product_proper_name,
        applicant: refRow?.applicant ?? null,
        date_of_first_licensure: refRow?.date_of_first_licensure ?? null,
        ref_product_exclusivity_exp_date: refRow?.ref_product_exclusivity_exp_date ?? null,
        link,
        products: refRow ? chosen.map((r) => productOf(r.row, r.version)) : [],
      },
      reference_asp: aspLinkOut(
        aspRows && referenceCodes(aspRows, refBrand, refMolecule || null, biosimilarNames),
        quarter,
      ),
      biosimilar_asp: aspLinkOut(
        aspRows && biosimilarCodes(aspRows, first.proprietary_name, first.proper_name),
        quarter,
      ),
      cheapest_price_list_product: cheapestOf(
        first.molecule,
        first.molecule ? (priced.get(first.molecule) ?? null) : anyPriced,
      ),
    };
  });
  const next = q.offset + page.length;
  return {
    items,
    total: kept.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: next < kept.length ? next : null,
    order: 'molecule, proper_name, bla_number',
    sources: [...purple!.sourceVersions(), ...asp!.sourceVersions(), ...anyPriced.sources],
    gaps: [...purple!.gaps, ...asp!.gaps, ...anyPriced.gaps],
    as_of: date,
    methodology_note: `${METHOD}${ASP_LINK_RULES} ${ASP_METHODOLOGY} The cheapest price-list product of the same molecule (costplus_price_list, the snapshot in force) is matched by name: every word (4+ letters) of the molecule in the product's medication name (confidence 0.6), cheapest unit price first, ties by slug; the listing carries no BLA or proper name, so a product is never matched by identifier.`,
  };
}
