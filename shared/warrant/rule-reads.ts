import type { Deps } from '../deps';
import { mueBlock, ptpPart } from './blocks/edits';
import { feeBlock } from './blocks/fee';
import { type ClaimSetting, PTP_TABLES, type PtpSetting } from './claim-line';
import { receiptContext } from './receipt';
import { factsInForce, inForce, loadedVersions, type SourceInForce, timelinesOn } from './resolve';
import { ruralZipOn } from './rural-zip';
import { type Block, block } from './schema';
import { DOCS, WARRANT_SOURCES } from './sources';

export interface RuleAnswer {
  meta: { as_of: string; source_id: string };
  query: Record<string, string | null>;
  result: Block;
}

async function one(deps: Deps, sourceId: string, date: string, docs: (d: string) => boolean) {
  const timelines = await timelinesOn(deps, [sourceId], [date]);
  const s = inForce(timelines.get(sourceId), sourceId, date, docs);
  return { s, timelines, ctx: receiptContext(deps.config.publicBaseUrl, timelines.values(), [s]) };
}

/**
 * The DMEPOS fee-schedule cell(s) for a code and state on a date. Modifiers select the row, a ZIP
 * the rural or non-rural column (by the rural ZIP file in force); the code's HCPCS record says
 * when the fee is moot. Without modifiers or ZIP every row and both columns are listed.
 */
export async function dmeposFee(
  deps: Deps,
  q: { hcpcs: string; asOf: string; state: string; modifiers?: string[]; zip?: string },
): Promise<RuleAnswer> {
  const ids = [WARRANT_SOURCES.dmepos, WARRANT_SOURCES.hcpcs];
  const timelines = await timelinesOn(deps, ids, [q.asOf]);
  const s = inForce(timelines.get(WARRANT_SOURCES.dmepos), WARRANT_SOURCES.dmepos, q.asOf, DOCS.dmeposFee);
  const hcpcs = inForce(timelines.get(WARRANT_SOURCES.hcpcs), WARRANT_SOURCES.hcpcs, q.asOf, DOCS.hcpcs);
  const code = { kind: 'code' as const, value: q.hcpcs };
  const [facts, standingFacts, rural] = await Promise.all([
    factsInForce(deps, code, s),
    factsInForce(deps, code, hcpcs),
    q.zip ? ruralZipOn(deps, timelines.get(WARRANT_SOURCES.dmepos), q.zip, q.asOf) : Promise.resolve(undefined),
  ]);
  const ctx = receiptContext(deps.config.publicBaseUrl, timelines.values(), [s, hcpcs]);
  return {
    meta: { as_of: q.asOf, source_id: s.source_id },
    query: {
      hcpcs: q.hcpcs,
      state: q.state,
      modifier: q.modifiers?.length ? q.modifiers.join(',') : null,
      zip: q.zip ?? null,
    },
    result: feeBlock({
      code: q.hcpcs,
      asOf: q.asOf,
      state: q.state,
      claim: { modifiers: q.modifiers, zip: q.zip },
      source: s,
      facts,
      standingFacts,
      rural,
      ctx,
    }),
  };
}

/** The MUE unit cap for a code on a date, for one setting or all three; with units, checked against it. */
export async function ncciMue(
  deps: Deps,
  q: { hcpcs: string; asOf: string; setting?: ClaimSetting; units?: number },
): Promise<RuleAnswer> {
  const { s, ctx } = await one(deps, WARRANT_SOURCES.mue, q.asOf, DOCS.mue);
  const facts = await factsInForce(deps, { kind: 'code', value: q.hcpcs }, s);
  return {
    meta: { as_of: q.asOf, source_id: s.source_id },
    query: { hcpcs: q.hcpcs, setting: q.setting ?? null, units: q.units === undefined ? null : String(q.units) },
    result: mueBlock(q.hcpcs, s, facts, ctx, { setting: q.setting, units: q.units }),
  };
}

/** The PTP edit for an ordered code pair in force on a date, in one setting's table or in both. */
export async function ncciPtp(
  deps: Deps,
  q: { column1: string; column2: string; asOf: string; setting?: PtpSetting },
): Promise<RuleAnswer> {
  const { s, ctx } = await one(deps, WARRANT_SOURCES.ptp, q.asOf, DOCS.ptp);
  const facts = await factsInForce(deps, { kind: 'code', value: q.column1 }, s);
  const part = ptpPart({
    code: q.column1,
    asOf: q.asOf,
    source: s,
    facts,
    ctx,
    setting: q.setting,
    pair: { column1: q.column1, column2: q.column2 },
  });
  return {
    meta: { as_of: q.asOf, source_id: s.source_id },
    query: { column1: q.column1, column2: q.column2, setting: q.setting ?? null },
    result: part.facts.length ? block(part.facts, part.gaps) : block([], [...part.gaps, ...notInForce(s, q)]),
  };
}

/** The finding that no loaded table in force (of the asked setting) lists the pair as in force on the date. */
function notInForce(s: SourceInForce, q: { column1: string; column2: string; asOf: string; setting?: PtpSetting }) {
  const docs = q.setting ? PTP_TABLES[q.setting].docIds : null;
  const searched = [...loadedVersions(s).values()].filter((d) => !docs || docs.includes(d.doc_id));
  if (!searched.length) return [];
  return [
    {
      kind: 'ptp',
      reason: 'code_not_in_version' as const,
      detail: `No PTP edit ${q.column1}/${q.column2} is in force on ${q.asOf} in the tables in force.`,
      source_id: s.source_id,
      doc_id: null,
    },
  ];
}
