import type { Table } from '../../shared/storage/table';

/**
 * A Table with its reads counted: every call of the port that reads DynamoDB (get, getMany, query,
 * queryAll, count) is one read, and `log` says what each read was (method and partition key, or the
 * first key of a batch), so a test can assert a route's read budget and show where it goes.
 */
export function countingTable(table: Table): { table: Table; reads: () => number; log: string[] } {
  const log: string[] = [];
  const wrapped = Object.create(table) as Table;
  const counted =
    <A extends unknown[], R>(name: string, f: (...a: A) => R, what: (...a: A) => string) =>
    (...a: A): R => {
      log.push(`${name} ${what(...a)}`);
      return f(...a);
    };
  wrapped.get = counted('get', table.get.bind(table), (k) => k.pk);
  wrapped.getMany = counted('getMany', table.getMany.bind(table), (ks) => `${ks.length} keys, ${ks[0]?.pk ?? ''}`);
  wrapped.query = counted('query', table.query.bind(table), (pk) => pk);
  wrapped.queryAll = counted('queryAll', table.queryAll.bind(table), (pk) => pk);
  wrapped.count = counted('count', table.count.bind(table), (pk) => pk);
  return { table: wrapped, reads: () => log.length, log };
}
