/** An async iterator whose next value can be looked at before it is taken (the merges of series.ts and carry.ts). */
export function peekable<T>(it: AsyncIterator<T>) {
  let head: Promise<IteratorResult<T>> | undefined;
  const peek = async () => {
    head ??= it.next();
    const r = await head;
    return r.done ? undefined : r.value;
  };
  return {
    peek,
    async take() {
      const v = await peek();
      head = undefined;
      return v;
    },
  };
}
