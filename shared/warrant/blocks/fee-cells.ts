/**
 * The amounts of one DMEPOS (or PEN) fee row for one state, with every published 0.00 read as what
 * it is: no amount, never a fee of zero. The DMEPOS file's own header marks the AK, HI, PR and VI
 * columns "*** Non-continental areas *** (Not subject to ceiling and floor)", and it prints 0.00
 * where a column has no amount: the rural column of items without a rural fee, every rural column
 * of the non-continental areas, the ceiling and floor of items priced outside that methodology.
 */

/** The columns the file groups under "*** Non-continental areas *** (Not subject to ceiling and floor)". */
export const NON_CONTINENTAL = new Set(['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP']);

export type FeeColumn = 'ceiling' | 'floor' | 'non_rural' | 'rural';

export interface NotApplicable {
  /** The amount as the file prints it. */
  published_as: string;
  reason: string;
}

export interface FeeCells {
  ceiling: number | null;
  floor: number | null;
  non_rural: number | null;
  rural: number | null;
  /** The columns that hold no amount for this row and state, and why (empty when all apply). */
  not_applicable: Partial<Record<FeeColumn, NotApplicable>>;
}

const money = (n: number) => n.toFixed(2);

/** The state's cells of a stored fee row value (`fees` keyed by state, `ceiling`, `floor`, `schedule`). */
export function feeCells(v: Record<string, unknown>, state: string): FeeCells {
  const fees = (v.fees as Record<string, { nonrural: number | null; rural: number | null }> | undefined) ?? {};
  const fee = fees[state];
  const na: FeeCells['not_applicable'] = {};
  const nonContinental = NON_CONTINENTAL.has(state);
  const cell = (col: FeeColumn, amount: number | null | undefined, zeroReason: string): number | null => {
    if (amount === null || amount === undefined) return null;
    if (amount === 0) {
      na[col] = { published_as: money(0), reason: zeroReason };
      return null;
    }
    return amount;
  };
  const nonRural = cell(
    'non_rural',
    fee?.nonrural,
    `published as 0.00: the schedule gives no non-rural amount for this row in ${state}`,
  );
  const rural = cell(
    'rural',
    fee?.rural,
    nonContinental
      ? `published as 0.00: ${state} is one of the non-continental areas, for which the schedule publishes no rural amount`
      : `published as 0.00: the schedule gives no rural amount for this row in ${state} (rural amounts exist only for some items)`,
  );
  const bound = (col: 'ceiling' | 'floor'): number | null => {
    const amount = v[col] as number | null | undefined;
    if (amount === null || amount === undefined) return null; // PEN rows: the layout has no ceiling or floor
    if (nonContinental && v.schedule === 'dmepos') {
      na[col] = {
        published_as: money(amount),
        reason: `${state} is a non-continental area: the file's header marks its columns "(Not subject to ceiling and floor)"`,
      };
      return null;
    }
    return cell(col, amount, `published as 0.00: no ${col} applies to this row (priced outside the ceiling and floor)`);
  };
  return { ceiling: bound('ceiling'), floor: bound('floor'), non_rural: nonRural, rural, not_applicable: na };
}
