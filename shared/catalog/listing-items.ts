import type { Item } from '../storage/table';
import type { ListingSpec } from './declaration';
import { listingPk, WHOLE } from './keys';
import { encodeValue, type FieldType, type Scalar, sortKey, typedValue } from './sort-keys';

/** Provenance every listing item carries (a rollup row has no line: it is computed). */
export interface ItemBase {
  source_id: string;
  version_id: number;
  record: number;
  line: number | null;
  value: Record<string, unknown>;
}

/** The typed values of the fields a listing stores (`f`), read from a row. */
export function fieldValues(types: ReadonlyMap<string, FieldType>, row: unknown): Record<string, Scalar | null> {
  const r = row as Record<string, unknown>;
  const out: Record<string, Scalar | null> = {};
  for (const [field, type] of types) out[field] = typedValue(type, r[field]);
  return out;
}

/** The partition value of a partition field's copy (`<field>=<encoding>`), for writers and readers alike. */
export const partOf = (field: string, type: FieldType, v: Scalar) => `${field}=${encodeValue(type, v)}`;

/**
 * The items of one row in one listing: the whole listing's (unless partitions are required) and
 * one per partition field the row has a value for, all under the same sort key.
 */
export function listingItems(ns: string, spec: ListingSpec, base: ItemBase, f: Record<string, Scalar | null>): Item[] {
  const sk = sortKey(encodeValue(spec.sort.type, f[spec.sort.field] ?? null), base.record);
  const parts = spec.partitionRequired ? [] : [WHOLE];
  for (const field of spec.partitionBy) {
    const v = f[field];
    if (v !== null && v !== undefined) parts.push(partOf(field, spec.types.get(field)!, v));
  }
  return parts.map((part) => ({ pk: listingPk(ns, base.version_id, spec.name, part), sk, ...base, f }));
}
