import { type CodeSystem, codeSystem, isCptCode } from '../codes/hcpcs';
import type { Deps } from '../deps';
import { hasLoader } from '../facts/load-version';
import type { StoredFact } from '../facts/store';
import type { Timeline } from '../facts/timeline';
import { documentationBlock } from './blocks/documentation';
import { editsBlock } from './blocks/edits';
import { feeBlock } from './blocks/fee';
import { standingBlock } from './blocks/standing';
import { receiptContext } from './receipt';
import { factsInForce, inForce, loadTimelines, type SourceInForce } from './resolve';
import type { Block } from './schema';
import { ALL_WARRANT_SOURCES, DESCRIPTOR_FIELDS, DOCS, WARRANT_SOURCES } from './sources';

export interface WarrantQuery {
  hcpcs: string;
  asOf: string;
  npi?: string;
  state?: string;
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
  gap: string | null;
}

export interface WarrantAnswer {
  hcpcs: string;
  code_system: 'hcpcs_level2' | 'cpt';
  meta: {
    as_of: string;
    npi: string | null;
    state: string | null;
    contract_version: 'v1';
    ptp_pairs_total: number;
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
 * or a gap with its reason. Storage reads: one batch read of the source timelines, then one query
 * per source in parallel (at most 7 requests, 2 in sequence).
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
  const timelines = await loadTimelines(deps, ALL_WARRANT_SOURCES);
  return Promise.all(
    dates.map((asOf) => warrantOn(deps, timelines, system, { hcpcs: q.hcpcs, npi: q.npi, state: q.state, asOf })),
  );
}

async function warrantOn(
  deps: Deps,
  timelines: Map<string, Timeline>,
  system: CodeSystem,
  q: WarrantQuery,
): Promise<WarrantAnswer> {
  const s = {
    hcpcs: inForce(timelines.get(WARRANT_SOURCES.hcpcs), WARRANT_SOURCES.hcpcs, q.asOf, DOCS.hcpcs),
    dmepos: inForce(timelines.get(WARRANT_SOURCES.dmepos), WARRANT_SOURCES.dmepos, q.asOf, DOCS.dmeposFee),
    mue: inForce(timelines.get(WARRANT_SOURCES.mue), WARRANT_SOURCES.mue, q.asOf, DOCS.mue),
    ptp: inForce(timelines.get(WARRANT_SOURCES.ptp), WARRANT_SOURCES.ptp, q.asOf, DOCS.ptp),
    mcd: inForce(timelines.get(WARRANT_SOURCES.mcd), WARRANT_SOURCES.mcd, q.asOf, DOCS.mcd),
    leie: inForce(timelines.get(WARRANT_SOURCES.leie), WARRANT_SOURCES.leie, q.asOf, DOCS.leie),
  };
  const code = { kind: 'code' as const, value: q.hcpcs };
  const [hcpcsFacts, dmeposFacts, mueFacts, ptpFacts, mcdFacts, leieFacts] = await Promise.all([
    factsInForce(deps, code, s.hcpcs),
    factsInForce(deps, code, s.dmepos),
    factsInForce(deps, code, s.mue),
    factsInForce(deps, code, s.ptp),
    q.state ? factsInForce(deps, code, s.mcd) : Promise.resolve([]),
    q.npi ? factsInForce(deps, { kind: 'npi', value: q.npi }, s.leie) : Promise.resolve([]),
  ]);
  const isCpt = isCptCode(q.hcpcs);
  const scrub = (facts: StoredFact[]) => (isCpt ? facts.map(withoutDescriptors) : facts);

  const ctx = receiptContext(deps.config.publicBaseUrl, timelines.values(), Object.values(s));

  const edits = editsBlock({
    code: q.hcpcs,
    asOf: q.asOf,
    mue: s.mue,
    mueFacts: scrub(mueFacts),
    ptp: s.ptp,
    ptpFacts: scrub(ptpFacts),
    ctx,
  });
  return {
    hcpcs: q.hcpcs,
    code_system: system,
    meta: {
      as_of: q.asOf,
      npi: q.npi ?? null,
      state: q.state ?? null,
      contract_version: 'v1',
      ptp_pairs_total: edits.ptpTotal,
      versions_in_force: Object.values(s)
        .filter((src) => src !== s.leie || q.npi)
        .flatMap(describe),
      method:
        'Each fact comes from the archived publisher file version in force on as_of (publisher effective window, else first observation); see /resources/warrant-method.',
    },
    standing: standingBlock({
      code: q.hcpcs,
      isCpt,
      asOf: q.asOf,
      npi: q.npi,
      hcpcs: s.hcpcs,
      hcpcsFacts: scrub(hcpcsFacts),
      leie: q.npi ? s.leie : undefined,
      leieFacts,
      ctx,
    }),
    fee: feeBlock({ code: q.hcpcs, state: q.state, source: s.dmepos, facts: scrub(dmeposFacts), ctx }),
    edits: edits.block,
    documentation: documentationBlock({ code: q.hcpcs, state: q.state, source: s.mcd, facts: scrub(mcdFacts), ctx }),
  };
}

function withoutDescriptors(f: StoredFact): StoredFact {
  const value = { ...f.value };
  for (const k of DESCRIPTOR_FIELDS) if (k in value) value[k] = null;
  return { ...f, value: { ...value, descriptor_withheld: true } };
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
        gap: 'source_not_loaded',
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
          gap: null,
        }
      : {
          source_id: src.source_id,
          doc_id: d.doc_id,
          version_id: null,
          sha256: null,
          publisher_version: null,
          as_of_rule: null,
          loaded: false,
          gap: d.reason,
        },
  );
}
