import { versionRule } from '../archive/as-of';
import type { DatasetView } from '../catalog/view';
import { type CodeCategory, type CodeSystem, codeCategory, codeSystem, descriptorLicensor } from '../codes/hcpcs';
import type { Deps } from '../deps';
import type { ScreenOutcome } from '../exclusions/screen';
import { hasLoader } from '../facts/load-version';
import type { StoredFact } from '../facts/store';
import type { Timeline } from '../facts/timeline';
import { documentationBlock } from './blocks/documentation';
import { editsBlock } from './blocks/edits';
import { exclusionStanding } from './blocks/exclusion';
import { feeBlock } from './blocks/fee';
import { standingBlock } from './blocks/standing';
import { type ClaimLine, type ClaimSetting, claimLineEcho } from './claim-line';
import { cachedFactsInForce } from './fact-cache';
import { receiptContext } from './receipt';
import { withRelatedVersions } from './related-versions';
import { inForce, type SourceInForce, timelinesOn } from './resolve';
import { ruralZipOn } from './rural-zip';
import type { Block } from './schema';
import { cachedFederalScreen } from './screen-cache';
import { ALL_WARRANT_SOURCES, DESCRIPTOR_FIELDS, DOCS, WARRANT_SOURCES } from './sources';

export interface WarrantQuery {
  hcpcs: string;
  asOf: string;
  npi?: string;
  state?: string;
  /** Claim-line context (shared/warrant/claim-line.ts): up to two modifiers, units, ZIP, setting. */
  modifiers?: string[];
  units?: number;
  zip?: string;
  setting?: ClaimSetting;
}

export interface VersionInForce {
  source_id: string;
  doc_id: string;
  version_id: number | null;
  sha256: string | null;
  publisher_version: string | null;
  as_of_rule: string | null;
  /** null: a document without facts of its own (read through another document's load). */
  loaded: boolean | null;
  /** How the document's versions are dated: all by publisher window, all by first observation, or mixed. */
  timeline: 'windowed' | 'observed' | 'mixed' | null;
  /** Age of the version in force against the source's cadence (null when the publisher stated its end). */
  freshness: { class: 'fresh' | 'stale'; age_days: number; evidence_date: string } | null;
  gap: string | null;
  gap_detail: string | null;
}

export interface WarrantAnswer {
  hcpcs: string;
  code_system: 'hcpcs_level2' | 'cpt';
  code_category: CodeCategory;
  meta: {
    as_of: string;
    npi: string | null;
    state: string | null;
    contract_version: 'v1';
    ptp_pairs_total: number;
    claim_line: ReturnType<typeof claimLineEcho>;
    versions_in_force: VersionInForce[];
    method: string;
  };
  standing: Block;
  fee: Block;
  edits: Block;
  documentation: Block;
}

/**
 * The warrant: for a code and a date of service, one block per part, each fact with its receipt
 * or a gap with its reason. Storage reads, cold: one batch read of the source timelines, then the
 * facts queries of the sources in parallel; beside them the exclusion screen (one batch read of its
 * timelines, then its index reads). Warm, none: timelines and screens are reused for
 * WARRANT_TIMELINE_TTL_MS and facts per archive version from an LRU (fact-cache.ts).
 */
export async function buildWarrant(deps: Deps, q: WarrantQuery): Promise<WarrantAnswer> {
  const [answer] = await buildWarrants(deps, q, [q.asOf]);
  return answer!;
}

/**
 * The warrants of one query on several dates of service, off a single read of the source
 * timelines (the changes route compares two dates): then one query per source and date, in parallel.
 */
export async function buildWarrants(
  deps: Deps,
  q: Omit<WarrantQuery, 'asOf'>,
  dates: readonly string[],
): Promise<WarrantAnswer[]> {
  const system = codeSystem(q.hcpcs);
  if (!system) throw new Error(`buildWarrant called with an unvalidated code ${q.hcpcs}`);
  // The exclusion screen needs no source timeline: it is read alongside them, not after them.
  const screens = dates.map((asOf) => (q.npi ? cachedFederalScreen(deps, q.npi, asOf) : Promise.resolve(undefined)));
  for (const s of screens) s.catch(() => undefined); // awaited in warrantOn; a timelines failure wins meanwhile
  const timelines = await timelinesOn(deps, ALL_WARRANT_SOURCES, dates);
  return Promise.all(dates.map((asOf, i) => warrantOn(deps, timelines, system, { ...q, asOf }, screens[i]!)));
}

async function warrantOn(
  deps: Deps,
  timelines: Map<string, Timeline>,
  system: CodeSystem,
  q: WarrantQuery,
  screening: Promise<ScreenOutcome | undefined>,
): Promise<WarrantAnswer> {
  const s = {
    hcpcs: inForce(timelines.get(WARRANT_SOURCES.hcpcs), WARRANT_SOURCES.hcpcs, q.asOf, DOCS.hcpcs),
    dmepos: inForce(timelines.get(WARRANT_SOURCES.dmepos), WARRANT_SOURCES.dmepos, q.asOf, DOCS.dmeposFee),
    mue: inForce(timelines.get(WARRANT_SOURCES.mue), WARRANT_SOURCES.mue, q.asOf, DOCS.mue),
    ptp: inForce(timelines.get(WARRANT_SOURCES.ptp), WARRANT_SOURCES.ptp, q.asOf, DOCS.ptp),
    mcd: inForce(timelines.get(WARRANT_SOURCES.mcd), WARRANT_SOURCES.mcd, q.asOf, DOCS.mcd),
  };
  const code = { kind: 'code' as const, value: q.hcpcs };
  const claim: ClaimLine = { modifiers: q.modifiers, units: q.units, zip: q.zip, setting: q.setting };
  // The rural ZIP file is read only when the claim names a ZIP (in parallel with the facts below).
  const ruralRead = q.zip ? ruralZipOn(deps, timelines.get(WARRANT_SOURCES.dmepos), q.zip, q.asOf) : undefined;
  const [hcpcsFacts, dmeposFacts, mueFacts, ptpFacts, mcdFacts, exclusions] = await Promise.all([
    cachedFactsInForce(deps, code, s.hcpcs),
    cachedFactsInForce(deps, code, s.dmepos),
    cachedFactsInForce(deps, code, s.mue),
    cachedFactsInForce(deps, code, s.ptp),
    q.state ? cachedFactsInForce(deps, code, s.mcd) : Promise.resolve([]),
    // The provider's LEIE status: the exclusions group's own screen (NPI, then registry names).
    screening,
  ]);
  const licensor = descriptorLicensor(q.hcpcs);
  const scrub = (facts: StoredFact[]) => (licensor ? facts.map((f) => withoutDescriptors(f, licensor)) : facts);

  const cited = await withRelatedVersions(deps, timelines, [hcpcsFacts, dmeposFacts, mueFacts, ptpFacts, mcdFacts]);
  const ctx = receiptContext(deps.config.publicBaseUrl, cited, Object.values(s));

  const rural = await ruralRead;
  const edits = editsBlock({
    code: q.hcpcs,
    asOf: q.asOf,
    claim,
    mue: s.mue,
    mueFacts: scrub(mueFacts),
    ptp: s.ptp,
    ptpFacts: scrub(ptpFacts),
    ctx,
  });
  return {
    hcpcs: q.hcpcs,
    code_system: system,
    code_category: codeCategory(q.hcpcs)!,
    meta: {
      as_of: q.asOf,
      npi: q.npi ?? null,
      state: q.state ?? null,
      contract_version: 'v1',
      ptp_pairs_total: edits.ptpTotal,
      claim_line: claimLineEcho(claim),
      versions_in_force: [
        ...Object.values(s).flatMap(describe),
        ...(rural ? describe(rural.source) : []),
        ...(exclusions ? exclusions.federal.flatMap(describeCatalog) : []),
      ],
      method:
        'Each fact comes from the archived publisher file version in force on as_of: a version starts on its publisher effective date, else on the day it was first observed; an open window ends when a later version starts; a version past its source’s next scheduled release or its cadence’s critical age is a gap, not a fact. See /resources/warrant-method and /resources/archive-and-as-of.',
    },
    standing: standingBlock({
      code: q.hcpcs,
      licensor,
      asOf: q.asOf,
      npi: q.npi,
      hcpcs: s.hcpcs,
      hcpcsFacts: scrub(hcpcsFacts),
      exclusion:
        q.npi && exclusions
          ? exclusionStanding({
              npi: q.npi,
              state: q.state,
              asOf: q.asOf,
              outcome: exclusions,
              baseUrl: deps.config.publicBaseUrl,
            })
          : undefined,
      ctx,
    }),
    fee: feeBlock({
      code: q.hcpcs,
      asOf: q.asOf,
      state: q.state,
      claim,
      source: s.dmepos,
      facts: scrub(dmeposFacts),
      standingFacts: hcpcsFacts,
      rural,
      ctx,
    }),
    edits: edits.block,
    documentation: documentationBlock({
      code: q.hcpcs,
      asOf: q.asOf,
      state: q.state,
      source: s.mcd,
      facts: scrub(mcdFacts),
      ctx,
    }),
  };
}

/** The fact without code descriptors, for codes whose descriptors are licensed (CPT: AMA; CDT D codes: ADA). */
function withoutDescriptors(f: StoredFact, licensor: 'AMA' | 'ADA'): StoredFact {
  const value = { ...f.value };
  for (const k of DESCRIPTOR_FIELDS) if (k in value) value[k] = null;
  return { ...f, value: { ...value, descriptor_withheld: true, descriptor_licensor: licensor } };
}

/** The LEIE versions the exclusion screen used (snapshot and supplements) and the documents that could not answer. */
function describeCatalog(view: DatasetView): VersionInForce[] {
  const used = view.versions.map(
    (v): VersionInForce => ({
      source_id: v.source_id,
      doc_id: v.doc_id,
      version_id: v.version_id,
      sha256: v.sha256,
      publisher_version: v.publisher_version,
      as_of_rule: versionRule(v),
      loaded: true,
      timeline: null,
      freshness: v.freshness
        ? { class: v.freshness.class, age_days: v.freshness.age_days, evidence_date: v.freshness.evidence_date }
        : null,
      gap: null,
      gap_detail: null,
    }),
  );
  const gaps = view.gaps.map(
    (g): VersionInForce => ({
      source_id: g.source_id,
      doc_id: g.doc_id ?? '',
      version_id: null,
      sha256: null,
      publisher_version: null,
      as_of_rule: null,
      loaded: false,
      timeline: null,
      freshness: null,
      gap: g.reason,
      gap_detail: g.detail,
    }),
  );
  return [...used, ...gaps];
}

function describe(src: SourceInForce): VersionInForce[] {
  if (!src.registered) {
    return [
      {
        source_id: src.source_id,
        doc_id: '',
        version_id: null,
        sha256: null,
        publisher_version: null,
        as_of_rule: null,
        loaded: false,
        timeline: null,
        freshness: null,
        gap: 'source_not_loaded',
        gap_detail: `No version of ${src.source_id} is in the archive yet.`,
      },
    ];
  }
  return src.docs.map((d) =>
    d.status === 'in_force'
      ? {
          source_id: src.source_id,
          doc_id: d.doc_id,
          version_id: d.version.version_id,
          sha256: d.version.sha256,
          publisher_version: d.version.publisher_version,
          as_of_rule: d.rule,
          loaded: hasLoader(d.doc_id) ? d.loaded : null,
          timeline: d.timeline,
          freshness: d.freshness
            ? { class: d.freshness.class, age_days: d.freshness.age_days, evidence_date: d.freshness.evidence_date }
            : null,
          gap: null,
          gap_detail: null,
        }
      : {
          source_id: src.source_id,
          doc_id: d.doc_id,
          version_id: d.version_id,
          sha256: null,
          publisher_version: null,
          as_of_rule: null,
          loaded: hasLoader(d.doc_id) ? false : null,
          timeline: null,
          freshness: d.freshness
            ? { class: d.freshness.class, age_days: d.freshness.age_days, evidence_date: d.freshness.evidence_date }
            : null,
          gap: d.reason,
          gap_detail: d.detail,
        },
  );
}
