import type { StoredFact } from '../../facts/store';
import { factOf, type ReceiptContext } from '../receipt';
import { type SourceInForce, sourceGaps } from '../resolve';
import { type Block, block, type Fact, type Gap } from '../schema';

/** The code's status on the date from its HCPCS record. */
export function codeStatus(value: Record<string, unknown>, asOf: string): string {
  const add = value.add_date as string | null;
  const term = value.termination_date as string | null;
  if (add && add > asOf) return 'not_yet_added';
  if (term && term < asOf) return 'terminated';
  return 'active';
}

/**
 * Standing: the code's HCPCS Level II record in force (status, action code, add and term dates,
 * coverage code) and, with an NPI, the provider's LEIE exclusion status on the date. A CPT code is
 * not in the Level II file: that is stated as a gap, never filled from elsewhere.
 */
export function standingBlock(input: {
  code: string;
  /** The licensor of the code's descriptors (CPT: AMA, CDT D codes: ADA), null for public Level II codes. */
  licensor: 'AMA' | 'ADA' | null;
  asOf: string;
  npi?: string;
  hcpcs: SourceInForce;
  hcpcsFacts: StoredFact[];
  /** The provider's LEIE screen (blocks/exclusion.ts), when an NPI was given. */
  exclusion?: { facts: Fact[]; gaps: Gap[] };
  ctx: ReceiptContext;
}): Block {
  const facts: Fact[] = [];
  const gaps: Gap[] = [];
  const codeFacts = input.hcpcsFacts.filter((f) => f.kind === 'hcpcs_code');
  if (codeFacts.length) {
    for (const f of codeFacts) {
      facts.push(factOf(f, input.ctx, (v) => ({ ...v, status_on_date: codeStatus(v, input.asOf) })));
    }
  } else if (input.licensor === 'AMA') {
    gaps.push({
      kind: 'hcpcs_code',
      reason: 'not_applicable',
      detail:
        'CPT (Level I) codes are not in the HCPCS Level II file; their descriptors are AMA-licensed and not served.',
      source_id: input.hcpcs.source_id,
      doc_id: null,
    });
  } else if (
    input.licensor === 'ADA' &&
    sourceGaps(input.hcpcs, 'hcpcs_code', '').some((g) => g.reason === 'code_not_in_version')
  ) {
    gaps.push({
      kind: 'hcpcs_code',
      reason: 'not_applicable',
      detail: `${input.code} is a CDT (dental) code: the HCPCS file in force does not list it, and its descriptors are ADA-licensed and not served.`,
      source_id: input.hcpcs.source_id,
      doc_id: null,
    });
  } else {
    gaps.push(...sourceGaps(input.hcpcs, 'hcpcs_code', `${input.code} is not in the HCPCS Level II version in force.`));
  }
  if (input.exclusion) {
    facts.push(...input.exclusion.facts);
    gaps.push(...input.exclusion.gaps);
  }
  return block(facts, gaps);
}
