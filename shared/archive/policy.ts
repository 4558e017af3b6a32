import { FRESHNESS_THRESHOLDS } from '../sources/freshness';
import { getDocDecl, getSource } from '../sources/registry';
import type { AsOfPolicy } from './as-of';

/**
 * The as-of freshness policy of a source (shared/archive/as-of.ts step 4): the thresholds of its
 * declared cadence, its release calendar and format ranking. Undefined for an unknown source or one
 * whose cadence is `exempt` (no expected rhythm: its versions never go stale).
 */
export function asOfPolicy(sourceId: string): AsOfPolicy | undefined {
  const source = getSource(sourceId);
  if (!source || source.cadence.cadence === 'exempt') return undefined;
  const t = FRESHNESS_THRESHOLDS[source.cadence.cadence];
  return {
    cadence: source.cadence.cadence,
    staleDays: t.stale,
    criticalDays: t.critical,
    releaseMonths: source.releaseMonths,
    formatRank: source.formatRank,
    reissueRank: source.reissueRank,
  };
}

/** The policy of the source a document belongs to. */
export function asOfPolicyOfDoc(docId: string): AsOfPolicy | undefined {
  const decl = getDocDecl(docId);
  return decl ? asOfPolicy(decl.source.sourceId) : undefined;
}
