import { z } from '@hono/zod-openapi';
import { getDataset } from '../catalog/datasets';
import type { ExclusionHit, ProviderSummary } from './schemas';

export const RiskSchema = z
  .object({
    flag: z.enum(['high', 'elevated', 'none', 'unknown']),
    reason: z.string(),
  })
  .openapi('ExclusionRisk', {
    description:
      'high: an exclusion in force matched by NPI or by name, state and birth date; elevated: one in force matched by name and state only, a past exclusion on record, or a deactivated NPI; none: no record and at least one list searched; unknown: no list could be searched.',
  });
export type Risk = z.infer<typeof RiskSchema>;

/** How a reason names a list: a federal list by its dataset's title (each list is its own dataset). */
const lists = (hits: ExclusionHit[]) =>
  [
    ...new Set(
      hits.map((h) =>
        h.list === 'federal' ? (getDataset(h.list_id)?.title ?? h.list_id) : `${h.list_state} Medicaid`,
      ),
    ),
  ].join(', ');

/** The cross-reference risk flag and the reason for it, from the matched rows (pure). */
export function riskOf(input: {
  federal: ExclusionHit[];
  state: ExclusionHit[];
  provider: ProviderSummary | null;
  asOf: string;
  listsSearched: number;
}): Risk {
  const all = [...input.federal, ...input.state];
  const inForce = all.filter((h) => h.in_force);
  const strong = inForce.filter((h) => h.match.method === 'npi' || h.match.method === 'name_state_dob');
  if (strong.length) {
    return {
      flag: 'high',
      reason: `Excluded on ${input.asOf} by ${lists(strong)} (matched by ${strong[0]!.match.method}).`,
    };
  }
  if (inForce.length) {
    return {
      flag: 'elevated',
      reason: `A name match (no NPI on the row) is excluded on ${input.asOf} by ${lists(inForce)}; confirm the identity.`,
    };
  }
  if (all.length) {
    return {
      flag: 'elevated',
      reason: `Past exclusion records on file (${lists(all)}), none in force on ${input.asOf}.`,
    };
  }
  const deact = input.provider?.deactivation_date;
  const react = input.provider?.reactivation_date;
  if (deact && deact <= input.asOf && !(react && react >= deact && react <= input.asOf)) {
    return { flag: 'elevated', reason: `No exclusion record, but the NPI is deactivated in NPPES since ${deact}.` };
  }
  if (!input.listsSearched)
    return { flag: 'unknown', reason: 'No exclusion list is loaded for the date; nothing was searched.' };
  return {
    flag: 'none',
    reason: `No federal or state exclusion record matches (${input.listsSearched} list version(s) searched).`,
  };
}
