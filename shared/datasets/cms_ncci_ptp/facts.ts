import type { FactRow, RowFacts } from '../../facts/registry';
import { recordValue } from '../../facts/registry';
import type { PtpFact } from './setting';

/** A pair is found from either of its codes. */
export const ptpFacts: RowFacts<PtpFact> = {
  version: '2',
  replayKinds: ['ptp'],
  rows: (r) => {
    const value = recordValue(r);
    const rows: FactRow[] = [{ key: { kind: 'code', value: r.column1 }, kind: 'ptp', value, record: r }];
    if (r.column2 !== r.column1) rows.push({ key: { kind: 'code', value: r.column2 }, kind: 'ptp', value, record: r });
    return rows;
  },
};
