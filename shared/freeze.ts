/**
 * Freezes a value and everything it holds (objects and arrays, depth first), so a value shared by
 * several readers (the parsed config, cached facts and listings) cannot be changed by one of them.
 * Values already frozen are not walked again.
 */
export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}
