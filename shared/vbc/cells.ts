import { PublisherFormatError } from '../publishers/common/errors';
import type { Cell } from './hrrp-rows';

const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * A numeric cell of the HRRP files: a number (thousands separators and a trailing `%` allowed), or
 * one of the publisher's explicit non-values (`Too Few to Report`, `N/A`, `.`, empty). Anything else
 * is a format error naming the line: an unreadable value never becomes "no value".
 */
export function cell(raw: string, parserId: string, line: number, column: string): Cell {
  const published = raw;
  const s = raw.trim();
  const low = s.toLowerCase();
  if (low === 'too few to report') return { value: null, status: 'too_few_to_report', published };
  if (s === '' || low === 'n/a' || s === '.' || low === 'not available')
    return { value: null, status: 'not_available', published };
  const n = s.replace(/,/g, '').replace(/%$/, '');
  if (!NUMBER.test(n))
    throw new PublisherFormatError(
      parserId,
      line,
      `${column}: not a number or a CMS non-value: ${JSON.stringify(raw)}`,
    );
  return { value: Number(n), status: 'reported', published };
}
