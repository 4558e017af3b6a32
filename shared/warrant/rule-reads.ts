import type { Deps } from '../deps';
import { mueBlock, ptpInForce } from './blocks/edits';
import { feeBlock } from './blocks/fee';
import { factOf, receiptContext } from './receipt';
import { factsInForce, inForce, loadTimelines, sourceGaps } from './resolve';
import { type Block, block } from './schema';
import { DOCS, WARRANT_SOURCES } from './sources';

export interface RuleAnswer {
  meta: { as_of: string; source_id: string };
  query: Record<string, string | null>;
  result: Block;
}

async function one(deps: Deps, sourceId: string, date: string, docs: (d: string) => boolean) {
  const timelines = await loadTimelines(deps, [sourceId]);
  const s = inForce(timelines.get(sourceId), sourceId, date, docs);
  return { s, ctx: receiptContext(deps.config.publicBaseUrl, timelines.values(), [s]) };
}

/** The DMEPOS fee-schedule cell(s) for a code, state and optional modifier on a date. */
export async function dmeposFee(
  deps: Deps,
  q: { hcpcs: string; asOf: string; state: string; modifier?: string },
): Promise<RuleAnswer> {
  const { s, ctx } = await one(deps, WARRANT_SOURCES.dmepos, q.asOf, DOCS.dmeposFee);
  const facts = await factsInForce(deps, { kind: 'code', value: q.hcpcs }, s);
  return {
    meta: { as_of: q.asOf, source_id: s.source_id },
    query: { hcpcs: q.hcpcs, state: q.state, modifier: q.modifier ?? null },
    result: feeBlock({ code: q.hcpcs, state: q.state, modifier: q.modifier, source: s, facts, ctx }),
  };
}

/** The MUE unit cap for a code on a date, for one setting or all three. */
export async function ncciMue(
  deps: Deps,
  q: { hcpcs: string; asOf: string; setting?: 'practitioner' | 'outpatient' | 'dme' },
): Promise<RuleAnswer> {
  const { s, ctx } = await one(deps, WARRANT_SOURCES.mue, q.asOf, DOCS.mue);
  const facts = (await factsInForce(deps, { kind: 'code', value: q.hcpcs }, s)).filter(
    (f) => !q.setting || f.value.setting === q.setting,
  );
  return {
    meta: { as_of: q.asOf, source_id: s.source_id },
    query: { hcpcs: q.hcpcs, setting: q.setting ?? null },
    result: mueBlock(q.hcpcs, s, facts, ctx),
  };
}

/** The PTP edit for an ordered code pair in force on a date. */
export async function ncciPtp(deps: Deps, q: { column1: string; column2: string; asOf: string }): Promise<RuleAnswer> {
  const { s, ctx } = await one(deps, WARRANT_SOURCES.ptp, q.asOf, DOCS.ptp);
  const facts = (await factsInForce(deps, { kind: 'code', value: q.column1 }, s)).filter(
    (f) =>
      f.kind === 'ptp' && f.value.column1 === q.column1 && f.value.column2 === q.column2 && ptpInForce(f.value, q.asOf),
  );
  return {
    meta: { as_of: q.asOf, source_id: s.source_id },
    query: { column1: q.column1, column2: q.column2 },
    result: facts.length
      ? block(
          facts.map((f) => factOf(f, ctx)),
          [],
        )
      : block([], sourceGaps(s, 'ptp', `No PTP edit ${q.column1}/${q.column2} is in force on ${q.asOf}.`)),
  };
}
