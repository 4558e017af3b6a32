import type { StoredFact } from '../../facts/store';
import { factOf, type ReceiptContext } from '../receipt';
import { type SourceInForce, sourceGaps, stateRequired } from '../resolve';
import { type Block, block } from '../schema';

/**
 * Fee: the DMEPOS (or PEN) fee schedule rows of the code in force, each narrowed to the state's
 * non-rural and rural amounts, with its modifiers, ceiling and floor. A state is required.
 */
export function feeBlock(input: {
  code: string;
  state?: string;
  modifier?: string;
  source: SourceInForce;
  facts: StoredFact[];
  ctx: ReceiptContext;
}): Block {
  if (!input.state) {
    return stateRequired('dmepos_fee', input.source, 'DMEPOS fees are published per state: pass state (two letters).');
  }
  const state = input.state;
  const rows = input.facts.filter(
    (f) =>
      f.kind === 'dmepos_fee' &&
      (!input.modifier || f.value.modifier === input.modifier || f.value.modifier2 === input.modifier),
  );
  if (!rows.length) {
    return block(
      [],
      sourceGaps(
        input.source,
        'dmepos_fee',
        `${input.code}${input.modifier ? ` with modifier ${input.modifier}` : ''} is not in the fee schedule version in force.`,
      ),
    );
  }
  const facts = rows.map((f) =>
    factOf(f, input.ctx, (v) => {
      const fees = (v.fees as Record<string, { nonrural: number | null; rural: number | null }> | undefined) ?? {};
      const fee = fees[state] ?? null;
      const { fees: _all, ...rest } = v;
      return {
        ...rest,
        state,
        non_rural: fee?.nonrural ?? null,
        rural: fee?.rural ?? null,
        state_listed: fee !== null,
      };
    }),
  );
  return block(facts, []);
}
