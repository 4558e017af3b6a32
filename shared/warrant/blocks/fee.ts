import type { StoredFact } from '../../facts/store';
import type { ClaimLine } from '../claim-line';
import { factOf, type ReceiptContext, receiptOf } from '../receipt';
import { type SourceInForce, sourceGaps, stateRequired } from '../resolve';
import { type RuralStatus, type RuralZipLookup, ruralStatus } from '../rural-zip';
import { type Block, block, type Fact, type Gap, type Receipt } from '../schema';
import { feeCells } from './fee-cells';
import { feeMootFacts } from './fee-moot';

type Column = 'non_rural' | 'rural';

/** Which fee rows a claim line's modifiers select, and why; or why none can be chosen. */
export type RowChoice =
  | { rows: StoredFact[]; because: string }
  | { gap: 'no_row_for_modifiers' | 'ambiguous_row'; detail: string };

const mods = (f: StoredFact) => [f.value.modifier, f.value.modifier2].filter((m): m is string => !!m);
const label = (ms: string[]) => (ms.length ? ms.join('+') : 'no modifier');

/**
 * The fee row a claim line's modifiers select. A fee row is keyed by up to two pricing modifiers
 * (Mod, Mod2). The claim's modifiers that are pricing modifiers of some row of the code must equal
 * the row's modifiers exactly; other modifiers on the line (KX, GA ...) do not change the row.
 * No such row: a gap, never the nearest row. Two such rows (two schedules): a gap.
 */
export function selectFeeRows(code: string, rows: StoredFact[], claimModifiers: readonly string[]): RowChoice {
  const pricing = new Set(rows.flatMap(mods));
  const wanted = [...new Set(claimModifiers.filter((m) => pricing.has(m)))].sort();
  const others = claimModifiers.filter((m) => !pricing.has(m));
  const exact = rows.filter((f) => {
    const ms = mods(f).sort();
    return ms.length === wanted.length && ms.every((m, i) => m === wanted[i]);
  });
  const published = [...new Set(rows.map((f) => label(mods(f))))].sort().join('; ');
  if (!exact.length) {
    return {
      gap: 'no_row_for_modifiers',
      detail: `No ${code} fee row has exactly the pricing modifiers of the claim line (${label(wanted)}); the rows in force are: ${published}.`,
    };
  }
  if (exact.length > 1) {
    return {
      gap: 'ambiguous_row',
      detail: `${exact.length} ${code} fee rows (${exact.map((f) => f.doc_id).join(', ')}) have modifiers ${label(wanted)}.`,
    };
  }
  const row = exact[0]!;
  const [m1, m2] = mods(row);
  const because = wanted.length
    ? `modifier${wanted.length > 1 ? 's' : ''} ${label(wanted)} ${wanted.length > 1 ? 'match' : 'matches'} the row (Mod ${m1}${m2 ? `, Mod2 ${m2}` : ''})`
    : `the row without modifiers is ${code}'s only row for a line without its pricing modifiers`;
  const ignored = others.length
    ? `; ${others.join(', ')} ${others.length > 1 ? 'are not modifiers' : 'is not a modifier'} of any ${code} fee row`
    : '';
  return { rows: exact, because: because + ignored };
}

/** The cell a ZIP selects: rural or non-rural, with its reason and the receipt that proves it. */
function zipChoice(
  zip: string,
  state: string,
  st: RuralStatus,
  ctx: ReceiptContext,
): { column: Column; because: string; receipt: Receipt } | { gaps: Gap[] } {
  if (st.status === 'unknown') return { gaps: st.gaps };
  if (st.status === 'rural') {
    const r = receiptOf(st.fact.origin, ctx);
    if (st.state !== state) {
      return {
        gaps: [
          {
            kind: 'dmepos_fee',
            reason: 'zip_state_mismatch',
            detail: `ZIP ${zip} is listed for ${st.state}, not ${state}, in ${r.file_name} (line ${r.locator?.line}); no cell is chosen.`,
            source_id: r.source_id,
            doc_id: r.doc_id,
          },
        ],
      };
    }
    return {
      column: 'rural',
      because: `ZIP ${zip} is rural: listed for ${st.state} in ${r.file_name}${r.publisher_version ? ` (${r.publisher_version})` : ''}, line ${r.locator?.line} (related receipt)`,
      receipt: r,
    };
  }
  const r = receiptOf({ source_id: 'cms_dmepos_fee_schedule', ...st.searched, locator: null }, ctx);
  return {
    column: 'non_rural',
    because: `ZIP ${zip} is not rural: not listed in ${r.file_name}${r.publisher_version ? ` (${r.publisher_version})` : ''}, which lists the rural ZIPs (whole file searched, related receipt)`,
    receipt: r,
  };
}

/**
 * Fee: the DMEPOS (or PEN) fee schedule rows of the code in force, each narrowed to the state's
 * amounts, with its modifiers, ceiling and floor. A state is required; a state the schedule has no
 * column for is a gap. A published 0.00 is never a fee: it is `not_applicable` with the reason.
 * With claim-line context the block picks the one cell that applies and says why: the modifiers
 * select the row, the ZIP (rural or not, by the rural ZIP file in force) the column. When the
 * code's HCPCS record makes the fee moot on the date (terminated, not yet added, or a coverage
 * code that is not payable), a `fee_moot` fact says so beside the rows, with the standing receipt.
 */
export function feeBlock(input: {
  code: string;
  asOf: string;
  state?: string;
  claim?: ClaimLine;
  source: SourceInForce;
  facts: StoredFact[];
  /** The HCPCS Level II facts of the code (the standing block's), for a moot fee. */
  standingFacts?: StoredFact[];
  rural?: RuralZipLookup;
  ctx: ReceiptContext;
}): Block {
  const moot = feeMootFacts(input.code, input.asOf, input.standingFacts ?? [], input.ctx);
  if (!input.state) {
    const g = stateRequired(
      'dmepos_fee',
      input.source,
      'DMEPOS fees are published per state: pass state (two letters).',
    );
    return block(moot, g.gaps);
  }
  const state = input.state;
  const gaps: Gap[] = [];
  let rows = input.facts.filter((f) => f.kind === 'dmepos_fee');
  let rowBecause: string | null = null;
  const claimMods = input.claim?.modifiers;
  if (rows.length && claimMods?.length) {
    const choice = selectFeeRows(input.code, rows, claimMods);
    if ('gap' in choice) {
      return block(moot, [
        {
          kind: 'dmepos_fee',
          reason: choice.gap,
          detail: choice.detail,
          source_id: input.source.source_id,
          doc_id: null,
        },
      ]);
    }
    rows = choice.rows;
    rowBecause = choice.because;
  }
  if (!rows.length) {
    return block(
      moot,
      sourceGaps(input.source, 'dmepos_fee', `${input.code} is not in the fee schedule version in force.`),
    );
  }
  const listed = rows.filter((f) => (f.value.fees as Record<string, unknown> | undefined)?.[state] !== undefined);
  if (listed.length < rows.length) {
    const files = [...new Set(rows.filter((f) => !listed.includes(f)).map((f) => f.name))].join(', ');
    gaps.push({
      kind: 'dmepos_fee',
      reason: 'state_not_in_schedule',
      detail: `${files} has no fee columns for ${state}: the schedule publishes no ${state} amounts for ${input.code}.`,
      source_id: input.source.source_id,
      doc_id: null,
    });
  }
  const zip = input.claim?.zip;
  const choice = zip && input.rural ? zipChoice(zip, state, ruralStatus(input.rural), input.ctx) : null;
  if (choice && 'gaps' in choice) gaps.push(...choice.gaps);
  const isMoot = moot.length > 0;
  const facts: Fact[] = listed.map((f) => {
    const fact = factOf(f, input.ctx, (v) => {
      const { fees: _all, ...rest } = v;
      const cells = feeCells(v, state);
      const out: Record<string, unknown> = { ...rest, ...cells, state, state_listed: true, moot_on_date: isMoot };
      if (choice && 'column' in choice) {
        const amount = cells[choice.column];
        out.selected = {
          column: choice.column,
          amount,
          status: amount === null ? 'not_applicable' : 'fee',
        };
      }
      const because = [rowBecause, choice && 'column' in choice ? choice.because : null].filter(Boolean);
      if (because.length) out.selected_because = because.join('; ');
      return out;
    });
    if (choice && 'column' in choice) fact.related_receipts = [...(fact.related_receipts ?? []), choice.receipt];
    return fact;
  });
  // A rural ZIP whose row prints no rural amount (0.00): the file does not say which amount then
  // applies in rural areas, so the chosen cell is not established: a gap beside the row.
  if (choice && 'column' in choice && choice.column === 'rural') {
    for (const f of facts) {
      const selected = f.value.selected as { amount: number | null } | undefined;
      if (!selected || selected.amount !== null) continue;
      gaps.push({
        kind: 'dmepos_fee',
        reason: 'rural_amount_not_published',
        detail: `ZIP ${zip} is rural, but the row ${f.value.code}${f.value.modifier ? ` ${f.value.modifier}` : ''}${f.value.modifier2 ? ` ${f.value.modifier2}` : ''} prints no rural amount for ${state} (0.00, line ${f.receipt.locator?.line}); the file does not state which amount applies in rural areas, so no fee is chosen (the non-rural amount is listed as published).`,
        source_id: f.receipt.source_id,
        doc_id: f.receipt.doc_id,
      });
    }
  }
  return block([...moot, ...facts], gaps);
}
