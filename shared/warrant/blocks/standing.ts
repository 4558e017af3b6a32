import type { StoredFact } from '../../facts/store';
import { factOf, type ReceiptContext, receiptOf } from '../receipt';
import { loadedVersions, type SourceInForce, sourceGaps } from '../resolve';
import { type Block, block, type Fact, type Gap } from '../schema';

const REINSTATEMENTS = 'leie:3';

/** The code's status on the date from its HCPCS record. */
export function codeStatus(value: Record<string, unknown>, asOf: string): string {
  const add = value.add_date as string | null;
  const term = value.termination_date as string | null;
  if (add && add > asOf) return 'not_yet_added';
  if (term && term < asOf) return 'terminated';
  return 'active';
}

/** Whether an LEIE row excludes the provider on the date (reinstatement ends it). */
export function excludedOn(value: Record<string, unknown>, asOf: string): boolean {
  const excl = value.exclusion_date as string | null;
  const rein = value.reinstatement_date as string | null;
  return !!excl && excl <= asOf && (!rein || rein > asOf);
}

/**
 * Standing: the code's HCPCS Level II record in force (status, action code, add and term dates,
 * coverage code) and, with an NPI, the provider's LEIE exclusion status on the date. A CPT code is
 * not in the Level II file: that is stated as a gap, never filled from elsewhere.
 */
export function standingBlock(input: {
  code: string;
  isCpt: boolean;
  asOf: string;
  npi?: string;
  hcpcs: SourceInForce;
  hcpcsFacts: StoredFact[];
  leie?: SourceInForce;
  leieFacts: StoredFact[];
  ctx: ReceiptContext;
}): Block {
  const facts: Fact[] = [];
  const gaps: Gap[] = [];
  const codeFacts = input.hcpcsFacts.filter((f) => f.kind === 'hcpcs_code');
  if (codeFacts.length) {
    for (const f of codeFacts) {
      facts.push(factOf(f, input.ctx, (v) => ({ ...v, status_on_date: codeStatus(v, input.asOf) })));
    }
  } else if (input.isCpt) {
    gaps.push({
      kind: 'hcpcs_code',
      reason: 'not_applicable',
      detail:
        'CPT (Level I) codes are not in the HCPCS Level II file; their descriptors are AMA-licensed and not served.',
      source_id: input.hcpcs.source_id,
      doc_id: null,
    });
  } else {
    gaps.push(...sourceGaps(input.hcpcs, 'hcpcs_code', `${input.code} is not in the HCPCS Level II version in force.`));
  }
  if (input.npi && input.leie) {
    const rows = input.leieFacts.filter((f) => f.kind === 'leie');
    // The list in force plus the monthly supplements in force: a reinstatement published in a
    // supplement ends an exclusion the full list in force still shows.
    const reinstated = rows.some(
      (f) =>
        f.doc_id === REINSTATEMENTS && !!f.value.reinstatement_date && String(f.value.reinstatement_date) <= input.asOf,
    );
    if (rows.length) {
      for (const f of rows) {
        const excluded = f.doc_id !== REINSTATEMENTS && excludedOn(f.value, input.asOf) && !reinstated;
        facts.push(factOf(f, input.ctx, (v) => ({ ...v, npi: input.npi, excluded_on_date: excluded })));
      }
    } else {
      const searched = [...loadedVersions(input.leie).values()];
      if (searched.length) {
        for (const d of searched) {
          facts.push({
            kind: 'leie_not_listed',
            value: { npi: input.npi, excluded_on_date: false, listed: false },
            receipt: receiptOf(
              {
                source_id: input.leie.source_id,
                doc_id: d.doc_id,
                version_id: d.version.version_id,
                sha256: d.version.sha256,
                name: d.version.name,
                locator: null,
              },
              input.ctx,
            ),
          });
        }
      } else {
        gaps.push(...sourceGaps(input.leie, 'leie', ''));
      }
    }
  }
  return block(facts, gaps);
}
