import type { StoredFact } from '../../facts/store';
import { factOf, type ReceiptContext } from '../receipt';
import type { Fact } from '../schema';
import { codeStatus } from './standing';

/**
 * HCPCS coverage codes under which Medicare pays no fee, in the words of the CMS HCPCS record
 * layout (HCPCS2019_recordlayout.txt, field 16 "HCPCS Coverage Code"). C "Carrier judgment" and
 * D "Special coverage instructions apply" leave the fee in play.
 */
export const NOT_PAYABLE_COVERAGE: Readonly<Record<string, string>> = {
  I: 'Not payable by Medicare',
  M: 'Non-covered by Medicare',
  S: 'Non-covered by Medicare statute',
};

/**
 * The `fee_moot` facts of a code on a date: one per HCPCS record in force under which its fee does
 * not apply (terminated before the date, not yet added, or a coverage code that is not payable),
 * with that record's receipt. The fee rows stay listed beside them; these facts say they do not apply.
 */
export function feeMootFacts(code: string, asOf: string, standing: StoredFact[], ctx: ReceiptContext): Fact[] {
  const out: Fact[] = [];
  for (const f of standing) {
    if (f.kind !== 'hcpcs_code') continue;
    const v = f.value;
    const status = codeStatus(v, asOf);
    const coverage = typeof v.coverage_code === 'string' ? v.coverage_code : null;
    const reasons: string[] = [];
    const details: string[] = [];
    if (status === 'terminated') {
      reasons.push('terminated');
      details.push(`${code} was terminated on ${v.termination_date}, before ${asOf}`);
    } else if (status === 'not_yet_added') {
      reasons.push('not_yet_added');
      details.push(`${code} is added on ${v.add_date}, after ${asOf}`);
    }
    const meaning = coverage ? NOT_PAYABLE_COVERAGE[coverage] : undefined;
    if (coverage && meaning) {
      reasons.push('coverage_not_payable');
      details.push(`its HCPCS coverage code is ${coverage}: "${meaning}"`);
    }
    if (!reasons.length) continue;
    out.push(
      factOf({ ...f, kind: 'fee_moot' }, ctx, () => ({
        code,
        reasons,
        status_on_date: status,
        termination_date: v.termination_date ?? null,
        add_date: v.add_date ?? null,
        coverage_code: coverage,
        coverage_meaning: meaning ?? null,
        detail: `The fee schedule rows do not apply on ${asOf}: ${details.join('; ')} (HCPCS record, receipt).`,
      })),
    );
  }
  return out;
}
