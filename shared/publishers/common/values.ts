import { descriptorLicensor } from '../../codes/hcpcs';
import { PublisherFormatError } from './errors';

/** Trimmed text, or null when empty. */
export function text(raw: string): string | null {
  const s = raw.trim();
  return s === '' ? null : s;
}

/** A decimal amount as published (`4.38`, `0.00`, `1,234.50`), or null when empty. */
export function amount(raw: string, parserId: string, line: number): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (s === '') return null;
  if (!/^-?\d+(?:\.\d+)?$|^-?\.\d+$/.test(s)) {
    throw new PublisherFormatError(parserId, line, `not an amount: ${JSON.stringify(raw)}`);
  }
  return Number(s);
}

/** A non-negative integer field, or null when empty. */
export function integer(raw: string, parserId: string, line: number): number | null {
  const s = raw.trim();
  if (s === '') return null;
  if (!/^\d+$/.test(s)) throw new PublisherFormatError(parserId, line, `not an integer: ${JSON.stringify(raw)}`);
  return Number(s);
}

export function requiredInteger(raw: string, parserId: string, line: number, what: string): number {
  const n = integer(raw, parserId, line);
  if (n === null) throw new PublisherFormatError(parserId, line, `${what} is empty`);
  return n;
}

/**
 * Descriptor text for a procedure code, or null when the code is CPT-shaped (five digits, or four
 * digits and F/T/U/M): CPT descriptors are AMA-licensed and are dropped at parse time, so no
 * stored fact can ever carry them (issue 5, point 9). HCPCS Level II descriptors pass through.
 */
export function publicDescriptor(code: string, raw: string | null): string | null {
  if (raw === null || descriptorLicensor(code) !== null) return null;
  return text(raw);
}

/** Trimmed, upper-cased code. */
export function codeText(raw: string): string {
  return raw.trim().toUpperCase();
}
