import type { StoredFact } from '../../facts/store';
import { factOf, type ReceiptContext } from '../receipt';
import { type SourceInForce, sourceGaps } from '../resolve';
import { type Block, block, type Fact, type Gap } from '../schema';
import { MAX_PTP_PAIRS } from '../sources';

/** A PTP edit is in force from its effective date up to (not including) its deletion date. */
export function ptpInForce(value: Record<string, unknown>, asOf: string): boolean {
  const eff = value.effective_date as string | null;
  const del = value.deletion_date as string | null;
  return (!eff || eff <= asOf) && (!del || del > asOf);
}

/** The MUE rows of the code (one per setting), or the gaps the MUE source leaves. */
export function mueBlock(code: string, source: SourceInForce, facts: StoredFact[], ctx: ReceiptContext): Block {
  const mue = facts.filter((f) => f.kind === 'mue');
  if (!mue.length) return block([], sourceGaps(source, 'mue', `${code} has no MUE in the tables in force.`));
  return block(
    mue.map((f) => factOf(f, ctx)),
    [],
  );
}

/**
 * Edits: the MUE per setting (practitioner, outpatient hospital, DME supplier) and the PTP pairs
 * the code is part of that are in force on the date (at most MAX_PTP_PAIRS listed, all counted).
 */
export function editsBlock(input: {
  code: string;
  asOf: string;
  mue: SourceInForce;
  mueFacts: StoredFact[];
  ptp: SourceInForce;
  ptpFacts: StoredFact[];
  ctx: ReceiptContext;
}): { block: Block; ptpTotal: number } {
  const mue = mueBlock(input.code, input.mue, input.mueFacts, input.ctx);
  const facts: Fact[] = [...mue.facts];
  const gaps: Gap[] = [...mue.gaps];

  const pairs = input.ptpFacts
    .filter((f) => f.kind === 'ptp' && ptpInForce(f.value, input.asOf))
    .sort(
      (a, b) =>
        String(a.value.column1).localeCompare(String(b.value.column1)) ||
        String(a.value.column2).localeCompare(String(b.value.column2)) ||
        a.version_id - b.version_id,
    );
  const seen = new Set<string>();
  const unique = pairs.filter((f) => {
    const k = `${f.value.column1}|${f.value.column2}|${f.doc_id}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  facts.push(
    ...unique
      .slice(0, MAX_PTP_PAIRS)
      .map((f) => factOf(f, input.ctx, (v) => ({ ...v, role: v.column1 === input.code ? 'column1' : 'column2' }))),
  );
  if (!input.ptpFacts.length) {
    const g = sourceGaps(input.ptp, 'ptp', `${input.code} is in no PTP pair of the tables in force.`);
    gaps.push(...g.filter((x) => x.reason !== 'code_not_in_version'));
  }
  return { block: block(facts, gaps), ptpTotal: unique.length };
}
