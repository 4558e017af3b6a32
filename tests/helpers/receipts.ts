import type { Receipt } from '../../shared/warrant/schema';

/** Every receipt in a JSON answer (facts' receipts and related receipts), wherever it sits. */
export function allReceipts(value: unknown, out: Receipt[] = []): Receipt[] {
  if (Array.isArray(value)) for (const v of value) allReceipts(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'receipt' && v && typeof v === 'object') out.push(v as Receipt);
      else if (k === 'related_receipts' && Array.isArray(v)) out.push(...(v as Receipt[]));
      else allReceipts(v, out);
    }
  }
  return out;
}
