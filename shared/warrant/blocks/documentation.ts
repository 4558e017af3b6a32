import type { StoredFact } from '../../facts/store';
import { factOf, type ReceiptContext } from '../receipt';
import { type SourceInForce, sourceGaps, stateRequired } from '../resolve';
import { type Block, block } from '../schema';

/**
 * Documentation: the LCDs and articles in force that list the code and are assigned to a
 * contractor serving the state. A state is required (contractors are per jurisdiction).
 */
export function documentationBlock(input: {
  code: string;
  state?: string;
  source: SourceInForce;
  facts: StoredFact[];
  ctx: ReceiptContext;
}): Block {
  if (!input.state) {
    return stateRequired(
      'coverage_document',
      input.source,
      'LCDs and articles apply per contractor jurisdiction: pass state (two letters).',
    );
  }
  const state = input.state;
  const listed = input.facts.filter(
    (f) =>
      (f.kind === 'lcd' || f.kind === 'article') && ((f.value.states as string[] | undefined) ?? []).includes(state),
  );
  if (!listed.length) {
    return block(
      [],
      sourceGaps(
        input.source,
        'coverage_document',
        `No LCD or article in force lists ${input.code} for a contractor serving ${state}.`,
      ),
    );
  }
  return block(
    listed.map((f) => factOf(f, input.ctx)),
    [],
  );
}
