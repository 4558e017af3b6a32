import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type CatalogSourceVersion, type RowSource, rowSourceOf } from '../catalog/provenance';
import { type ListingRow, readWholeListing } from '../catalog/query';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import {
  activeUniisOf,
  DAILYMED_SOURCE,
  KEY_SECTION_NAMES,
  KEY_SECTIONS,
  type KeySection,
  LABELS_DATASET,
  LABELS_METHODOLOGY,
  type LabelRow,
  type LabelSummary,
  PHARM_CLASSES_DATASET,
  type PharmClassRow,
} from './label-rows';
import type { DrugClassList, LabelDetail, LabelHit, LabelList } from './label-schemas';

export interface LabelsQuery {
  name?: string;
  labeler?: string;
  section?: KeySection[];
  sort: 'title' | 'set_id' | 'effective_date';
  limit: number;
  offset: number;
}

export interface DrugClassesQuery {
  name?: string;
  type?: string;
  sort: 'name' | 'label_count';
  limit: number;
  offset: number;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** Every word of the query is a prefix of some word of the texts. */
function wordsMatch(query: string, texts: readonly (string | null)[]): boolean {
  const have = texts.flatMap((t) => words(t ?? ''));
  return words(query).every((q) => have.some((w) => w.startsWith(q)));
}
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function views(deps: Deps, date: string) {
  const [labels, classes] = await viewsOf(deps, [
    { dataset: requireDataset(LABELS_DATASET), date },
    { dataset: requireDataset(PHARM_CLASSES_DATASET), date },
  ]);
  return { labels: labels!, classes: classes! };
}

function notLoaded(date: string, view: DatasetView): never {
  throw new SourceNotLoadedError(`No DailyMed label bundle is loaded and in force on ${date}.`, {
    sources: [DAILYMED_SOURCE],
    gaps: view.gaps,
  });
}

interface InForceLabel {
  summary: LabelSummary;
  source: RowSource;
}

/**
 * Each set_id's version in force on the date: the highest SPL version effective on or before it
 * (an SPL without an effective time counts from its bundle's start) among the bundles in force; the
 * same version in two bundles (a full release and an update) is read from the later archive version.
 */
function labelsInForce(rows: readonly ListingRow[], date: string): InForceLabel[] {
  const best = new Map<string, InForceLabel>();
  for (const r of rows) {
    const s = r.value as unknown as LabelSummary;
    if (s.effective_date && s.effective_date > date) continue;
    const have = best.get(s.set_id);
    if (
      !have ||
      s.version > have.summary.version ||
      (s.version === have.summary.version && r.source.version_id > have.source.version_id)
    )
      best.set(s.set_id, { summary: s, source: { ...r.source, locator: r.source.locator ?? s.locator } });
  }
  return [...best.values()];
}

const SECTION_FLAG: Record<KeySection, keyof LabelSummary> = {
  boxed_warning: 'has_boxed_warning',
  indications: 'has_indications',
  dosage_and_administration: 'has_dosage_and_administration',
  contraindications: 'has_contraindications',
};

function hitOf({ summary: s, source }: InForceLabel): LabelHit {
  return {
    set_id: s.set_id,
    version: s.version,
    effective_date: s.effective_date,
    title: s.title,
    labeler: s.labeler,
    document_id: s.document_id,
    sections_present: {
      boxed_warning: s.has_boxed_warning,
      indications: s.has_indications,
      dosage_and_administration: s.has_dosage_and_administration,
      contraindications: s.has_contraindications,
    },
    product_names: s.product_names,
    active_ingredients: s.ingredient_names,
    source: { ...source, member: s.member },
  };
}

async function labelRowsInForce(deps: Deps, view: DatasetView, date: string) {
  const rows = await readWholeListing(deps, view.dataset, 'labels', { versions: view });
  return labelsInForce(rows, date);
}

/** GET /rx/labels: every label in force, filtered, sorted and paged in memory (one summary per set_id). */
export async function listLabels(deps: Deps, q: LabelsQuery, date: string): Promise<LabelList> {
  const { labels: view } = await views(deps, date);
  if (!view.versions.length) notLoaded(date, view);
  const all = (await labelRowsInForce(deps, view, date)).filter(({ summary: s }) => {
    if (q.name && !wordsMatch(q.name, [s.title, ...s.product_names, ...s.ingredient_names])) return false;
    if (q.labeler && !wordsMatch(q.labeler, [s.labeler])) return false;
    for (const sec of q.section ?? []) if (!s[SECTION_FLAG[sec]]) return false;
    return true;
  });
  const titleKey = (l: InForceLabel) => (l.summary.title ?? l.summary.product_names[0] ?? '').toLowerCase();
  all.sort((a, b) => {
    if (q.sort === 'effective_date') {
      const d = cmp(b.summary.effective_date ?? '', a.summary.effective_date ?? '');
      if (d) return d;
    } else if (q.sort === 'title') {
      const [ta, tb] = [titleKey(a), titleKey(b)];
      if (ta !== tb) return !ta ? 1 : !tb ? -1 : cmp(ta, tb);
    }
    return cmp(a.summary.set_id, b.summary.set_id);
  });
  const page = all.slice(q.offset, q.offset + q.limit);
  const items = page.map(hitOf);
  return {
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: q.sort,
    order: q.sort === 'effective_date' ? 'desc' : 'asc',
    sources: view.sourceVersions(),
    gaps: view.gaps,
    as_of: date,
    methodology_note: LABELS_METHODOLOGY,
  };
}

/** The classes the indexing in force assigns to any of the UNIIs, with the UNIIs that led to each. */
async function classesOf(deps: Deps, view: DatasetView, uniis: readonly string[]) {
  const found = await lookupMany(deps, view.dataset, 'unii', uniis, view.versions);
  const byCode = new Map<string, NonNullable<LabelDetail['pharmacologic_classes']>[number]>();
  for (const unii of uniis)
    for (const r of found.get(unii) ?? []) {
      const row = r.value as unknown as PharmClassRow;
      const v = view.version(r.version_id)!;
      const have = byCode.get(row.class_code) ?? {
        class_code: row.class_code,
        class_name: row.class_name,
        class_type: row.class_type,
        via_uniis: [],
        source: rowSourceOf(v, row.locator),
      };
      if (!have.via_uniis.includes(unii)) have.via_uniis.push(unii);
      byCode.set(row.class_code, have);
    }
  const order = ['EPC', 'MoA', 'PE', 'CS'];
  const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length);
  return [...byCode.values()].sort(
    (a, b) =>
      rank(a.class_type) - rank(b.class_type) || cmp(a.class_name, b.class_name) || cmp(a.class_code, b.class_code),
  );
}

const DAILYMED = 'https://dailymed.nlm.nih.gov/dailymed';

/** GET /rx/labels/{set_id}: the version in force on the date, its key sections, coded concepts and classes. */
export async function labelDetail(deps: Deps, setId: string, date: string): Promise<LabelDetail> {
  const { labels: view, classes: classView } = await views(deps, date);
  if (!view.versions.length) notLoaded(date, view);
  const found = (await lookupMany(deps, view.dataset, 'set_id', [setId], view.versions)).get(setId) ?? [];
  const versions = found
    .map((r) => ({ row: r.value as unknown as LabelRow, version: view.version(r.version_id)! }))
    .filter(({ row }) => !row.effective_date || row.effective_date <= date);
  if (!versions.length) {
    throw new NotFoundError(
      found.length
        ? `Label ${setId} has no version effective on or before ${date} in the DailyMed bundles in force.`
        : `Label ${setId} is in no DailyMed bundle in force on ${date}.`,
      { set_id: setId },
    );
  }
  // Highest SPL version; the same version twice is read from the later archive version.
  versions.sort((a, b) => b.row.version - a.row.version || b.version.version_id - a.version.version_id);
  const { row, version } = versions[0]!;
  const sections = Object.fromEntries(
    KEY_SECTION_NAMES.map((k) => {
      const s = row.sections[k];
      return [
        k,
        s
          ? { loinc: s.loinc, present: true, title: s.title, text: s.text, truncated: s.truncated }
          : { loinc: KEY_SECTIONS[k], present: false, title: null, text: null, truncated: false },
      ];
    }),
  ) as LabelDetail['sections'];
  const uniis = activeUniisOf(row.products);
  const classesInForce = classView.versions.length > 0;
  const pharmacologicClasses = classesInForce ? await classesOf(deps, classView, uniis) : null;
  const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  const actives = new Map<string, { name: string | null; unii: string | null }>();
  for (const p of row.products)
    for (const i of p.ingredients) if (i.active) actives.set(`${i.unii}|${i.name}`, { name: i.name, unii: i.unii });
  const history = new Map<number, LabelDetail['version_history'][number]>();
  for (const v of versions)
    if (!history.has(v.row.version))
      history.set(v.row.version, {
        version: v.row.version,
        effective_date: v.row.effective_date,
        document_id: v.row.document_id,
        in_force: v.row.version === row.version,
      });
  const archived = { ...rowSourceOf(version, row.locator), member: row.member };
  const sources = new Map<number, CatalogSourceVersion>(
    [...view.sourceVersions([version]), ...(classesInForce ? classView.sourceVersions() : [])].map((s) => [
      s.version_id,
      s,
    ]),
  );
  return {
    set_id: row.set_id,
    document_id: row.document_id,
    version: row.version,
    effective_date: row.effective_date,
    title: row.title,
    document_type: { loinc: row.document_type_code, name: row.document_type },
    labeler: { name: row.labeler, duns: row.labeler_duns },
    sections,
    section_codes: row.section_codes,
    coded_concepts: {
      products: row.products,
      product_ndcs: distinct(row.products.map((p) => p.product_ndc)),
      package_ndcs: distinct(row.products.flatMap((p) => p.package_ndcs)),
      active_ingredients: [...actives.values()],
    },
    pharmacologic_classes: pharmacologicClasses,
    version_history: [...history.values()],
    source_links: {
      archived,
      archived_file: `/v1/archive/files/${version.sha256}`,
      dailymed_label: `${DAILYMED}/lookup.cfm?setid=${row.set_id}`,
      dailymed_history: `${DAILYMED}/services/v2/spls/${row.set_id}/history.json`,
    },
    sources: [...sources.values()],
    gaps: [...view.gaps, ...classView.gaps],
    as_of: date,
    methodology_note: LABELS_METHODOLOGY,
  };
}

/**
 * Label counts per class for the versions in force, memoized per (label versions, class
 * versions, date) in the process: computed once from both listings read whole, then served.
 */
const classCountMemo = new Map<string, Promise<ClassAgg[]>>();
const MEMO_MAX = 16;

interface ClassAgg {
  class_code: string;
  class_name: string;
  class_type: string;
  substances: number;
  label_count: number;
}

async function classAggregates(deps: Deps, labels: DatasetView, classes: DatasetView, date: string) {
  const key = [
    labels.versions.map((v) => `${v.version_id}.${v.generation}`).join(','),
    classes.versions.map((v) => `${v.version_id}.${v.generation}`).join(','),
    date,
  ].join('|');
  let p = classCountMemo.get(key);
  if (!p) {
    p = (async () => {
      const classRows = await readWholeListing(deps, classes.dataset, 'by_class', { versions: classes });
      const labelRows = labels.versions.length ? await labelRowsInForce(deps, labels, date) : [];
      const setsByUnii = new Map<string, Set<string>>();
      for (const l of labelRows)
        for (const u of l.summary.active_uniis) {
          const s = setsByUnii.get(u) ?? new Set<string>();
          s.add(l.summary.set_id);
          setsByUnii.set(u, s);
        }
      const agg = new Map<string, { row: PharmClassRow; uniis: Set<string>; sets: Set<string> }>();
      for (const r of classRows) {
        const row = r.value as unknown as PharmClassRow;
        const a = agg.get(row.class_code) ?? { row, uniis: new Set<string>(), sets: new Set<string>() };
        a.uniis.add(row.unii);
        for (const s of setsByUnii.get(row.unii) ?? []) a.sets.add(s);
        agg.set(row.class_code, a);
      }
      return [...agg.values()].map((a) => ({
        class_code: a.row.class_code,
        class_name: a.row.class_name,
        class_type: a.row.class_type,
        substances: a.uniis.size,
        label_count: a.sets.size,
      }));
    })();
    p.catch(() => classCountMemo.delete(key));
    classCountMemo.set(key, p);
    while (classCountMemo.size > MEMO_MAX) classCountMemo.delete(classCountMemo.keys().next().value!);
  }
  return p;
}

/** GET /rx/drug-classes: the classes of the indexing in force, with the labels in force they reach. */
export async function listDrugClasses(deps: Deps, q: DrugClassesQuery, date: string): Promise<DrugClassList> {
  const { labels, classes } = await views(deps, date);
  if (!classes.versions.length) {
    throw new SourceNotLoadedError(`No DailyMed pharmacologic class indexing is loaded and in force on ${date}.`, {
      sources: [DAILYMED_SOURCE],
      gaps: classes.gaps,
    });
  }
  const aggs = await classAggregates(deps, labels, classes, date);
  const byName = aggs.filter((c) => !q.name || wordsMatch(q.name, [c.class_name]));
  const typeCounts: Record<string, number> = {};
  for (const c of byName) typeCounts[c.class_type] = (typeCounts[c.class_type] ?? 0) + 1;
  const all = byName
    .filter((c) => !q.type || c.class_type === q.type)
    .sort((a, b) =>
      q.sort === 'label_count'
        ? b.label_count - a.label_count || cmp(a.class_code, b.class_code)
        : cmp(a.class_name.toLowerCase(), b.class_name.toLowerCase()) || cmp(a.class_code, b.class_code),
    );
  const items = all.slice(q.offset, q.offset + q.limit);
  const gaps = [...classes.gaps, ...labels.gaps];
  return {
    items,
    total: all.length,
    type_counts: typeCounts,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: q.sort,
    order: q.sort === 'label_count' ? 'desc' : 'asc',
    sources: [...classes.sourceVersions(), ...labels.sourceVersions()],
    gaps,
    as_of: date,
    methodology_note: `${LABELS_METHODOLOGY} A class's \`label_count\` counts the labels in force (one per set_id) with an active ingredient or active moiety the class indexing assigns the class; \`substances\` counts those UNIIs. Counts are computed once per set of versions in force and date, not stored.`,
  };
}
