import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { writeInBatches } from '../storage/batch-write';
import type { Item, Key, PutOptions, QueryOptions, QueryPage, Table, UpdateOptions } from '../storage/table';
import { BatchGetCoalescer } from './batch-get';
import { withDependency } from './unavailable';

/**
 * BatchWriteItem calls of one putMany in flight at once (unprocessed items are retried with
 * jittered backoff, shared/storage/batch-write.ts). Against DynamoDB each call is a network round
 * trip of several milliseconds that 8 in flight overlap. On the facts bench dynalite runs inside
 * the writing process, so the rate there is the engine's CPU (profile: its validation and LevelDB
 * encoding), and parallel calls measured the same as sequential ones (within noise).
 */
const BATCH_WRITES_IN_FLIGHT = 8;

/** One coalescer per DynamoDB client, so batch reads of all its tables meet (batch-get.ts). */
const coalescers = new WeakMap<DynamoDBClient, BatchGetCoalescer>();

const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;

/** DynamoDB implementation of the Table port (shared/storage/table.ts). */
export class DynamoTable implements Table {
  private readonly doc: DynamoDBDocumentClient;
  private readonly batchGets: BatchGetCoalescer;

  constructor(
    client: DynamoDBClient,
    readonly name: string,
  ) {
    this.doc = DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL });
    let batchGets = coalescers.get(client);
    if (!batchGets) {
      batchGets = new BatchGetCoalescer(DynamoDBDocumentClient.from(client, { marshallOptions: MARSHALL }));
      coalescers.set(client, batchGets);
    }
    this.batchGets = batchGets;
  }

  get(key: Key, opts: { consistent?: boolean } = {}): Promise<Item | undefined> {
    return withDependency('DynamoDB', async () => {
      const out = await this.doc.send(
        new GetCommand({ TableName: this.name, Key: key, ConsistentRead: opts.consistent ?? false }),
      );
      return out.Item as Item | undefined;
    });
  }

  /** Batched with the other getMany calls of this turn, on any table of the client (batch-get.ts). */
  getMany(keys: Key[]): Promise<Item[]> {
    return withDependency('DynamoDB', () => this.batchGets.get(this.name, keys));
  }

  put(item: Item, opts: PutOptions = {}): Promise<boolean> {
    return withDependency('DynamoDB', async () => {
      const cond = new Condition();
      if (opts.ifAbsent) cond.add('attribute_not_exists(#pk)', { '#pk': 'pk' });
      if (opts.ifEquals) cond.equals(opts.ifEquals);
      try {
        await this.doc.send(new PutCommand({ TableName: this.name, Item: item, ...cond.render() }));
        return true;
      } catch (e) {
        if (e instanceof ConditionalCheckFailedException) return false;
        throw e;
      }
    });
  }

  update(key: Key, opts: UpdateOptions): Promise<Item | undefined> {
    return withDependency('DynamoDB', async () => {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const sets: string[] = [];
      const adds: string[] = [];
      let n = 0;
      const name = (attr: string) => {
        const k = `#u${n++}`;
        names[k] = attr;
        return k;
      };
      const value = (v: unknown) => {
        const k = `:u${n++}`;
        values[k] = v;
        return k;
      };
      for (const [a, v] of Object.entries(opts.set ?? {})) if (v !== undefined) sets.push(`${name(a)} = ${value(v)}`);
      for (const [a, v] of Object.entries(opts.setIfAbsent ?? {})) {
        const nm = name(a);
        sets.push(`${nm} = if_not_exists(${nm}, ${value(v)})`);
      }
      for (const [a, v] of Object.entries(opts.append ?? {})) {
        const nm = name(a);
        sets.push(`${nm} = list_append(if_not_exists(${nm}, ${value([])}), ${value(v)})`);
      }
      for (const [a, v] of Object.entries(opts.add ?? {})) adds.push(`${name(a)} ${value(v)}`);
      const removes = (opts.remove ?? []).map(name);
      const parts = [
        sets.length ? `SET ${sets.join(', ')}` : '',
        adds.length ? `ADD ${adds.join(', ')}` : '',
        removes.length ? `REMOVE ${removes.join(', ')}` : '',
      ].filter(Boolean);
      const cond = new Condition();
      if (opts.ifExists) cond.add('attribute_exists(#pk)', { '#pk': 'pk' });
      if (opts.ifEquals) cond.equals(opts.ifEquals);
      if (opts.ifBelow) cond.below(opts.ifBelow);
      if (opts.ifNotContains) cond.notContains(opts.ifNotContains);
      const rendered = cond.render();
      try {
        const out = await this.doc.send(
          new UpdateCommand({
            TableName: this.name,
            Key: key,
            UpdateExpression: parts.join(' ') || undefined,
            ...rendered,
            ExpressionAttributeNames: { ...names, ...rendered.ExpressionAttributeNames },
            ExpressionAttributeValues:
              Object.keys(values).length || rendered.ExpressionAttributeValues
                ? { ...values, ...rendered.ExpressionAttributeValues }
                : undefined,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return out.Attributes as Item | undefined;
      } catch (e) {
        if (e instanceof ConditionalCheckFailedException) return undefined;
        throw e;
      }
    });
  }

  delete(key: Key): Promise<void> {
    return withDependency('DynamoDB', async () => {
      await this.doc.send(new DeleteCommand({ TableName: this.name, Key: key }));
    });
  }

  query(pk: string, opts: QueryOptions = {}): Promise<QueryPage> {
    return withDependency('DynamoDB', async () => {
      const items: Item[] = [];
      let start: Record<string, unknown> | undefined =
        opts.startKey ?? (opts.cursor ? decodeCursor(opts.cursor) : undefined);
      const want = opts.limit ?? Number.POSITIVE_INFINITY;
      const cap = opts.maxScanned ?? Number.POSITIVE_INFINITY;
      let scanned = 0;
      do {
        // DynamoDB's Limit counts items evaluated before the filter: never more than either bound allows.
        const room = Math.min(want - items.length, cap - scanned);
        const out = await this.doc.send(
          new QueryCommand({
            ...this.queryInput(pk, opts),
            Limit: Number.isFinite(room) ? Math.min(1000, Math.max(1, room)) : undefined,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...((out.Items ?? []) as Item[]));
        scanned += out.ScannedCount ?? out.Items?.length ?? 0;
        start = out.LastEvaluatedKey;
      } while (start && items.length < want && scanned < cap);
      return {
        items,
        cursor: start ? encodeCursor(start) : undefined,
        scanned,
        lastKey: start ? { pk: String(start.pk), sk: String(start.sk) } : undefined,
      };
    });
  }

  async queryAll(pk: string, opts: Omit<QueryOptions, 'cursor' | 'limit'> = {}): Promise<Item[]> {
    return (await this.query(pk, opts)).items;
  }

  count(pk: string, opts: Omit<QueryOptions, 'cursor' | 'limit' | 'descending'> = {}): Promise<number> {
    return withDependency('DynamoDB', async () => {
      let total = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const out = await this.doc.send(
          new QueryCommand({ ...this.queryInput(pk, opts), Select: 'COUNT', ExclusiveStartKey: start }),
        );
        total += out.Count ?? 0;
        start = out.LastEvaluatedKey;
      } while (start);
      return total;
    });
  }

  putMany(items: Item[]): Promise<void> {
    return withDependency('DynamoDB', () =>
      writeInBatches(
        items.map((Item) => ({ PutRequest: { Item } })),
        async (batch) => {
          const out = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.name]: batch } }));
          return (out.UnprocessedItems?.[this.name] ?? []) as typeof batch;
        },
        { size: 25, concurrency: BATCH_WRITES_IN_FLIGHT },
      ),
    );
  }

  async increment(key: Key, attribute: string, by = 1): Promise<number> {
    const out = await this.update(key, { add: { [attribute]: by } });
    return Number(out?.[attribute] ?? 0);
  }

  async probe(): Promise<void> {
    await this.get({ pk: '__probe__', sk: '__probe__' });
  }

  private queryInput(pk: string, opts: QueryOptions): QueryCommandInput {
    const pkAttr = opts.index ? `${opts.index}pk` : 'pk';
    const skAttr = opts.index ? `${opts.index}sk` : 'sk';
    const names: Record<string, string> = { '#pk': pkAttr, '#sk': skAttr };
    const values: Record<string, unknown> = { ':pk': pk };
    let key = '#pk = :pk';
    if (opts.beginsWith !== undefined) {
      key += ' AND begins_with(#sk, :sk)';
      values[':sk'] = opts.beginsWith;
    } else if (opts.between) {
      key += ' AND #sk BETWEEN :lo AND :hi';
      values[':lo'] = opts.between[0];
      values[':hi'] = opts.between[1];
    } else if (opts.after !== undefined) {
      key += ' AND #sk > :sk';
      values[':sk'] = opts.after;
    } else if (opts.atOrBefore !== undefined) {
      key += ' AND #sk <= :sk';
      values[':sk'] = opts.atOrBefore;
    } else {
      delete names['#sk'];
    }
    const filters: string[] = [];
    Object.entries(opts.filter ?? {}).forEach(([attr, v], i) => {
      names[`#f${i}`] = attr;
      values[`:f${i}`] = v;
      filters.push(`#f${i} = :f${i}`);
    });
    (opts.where ?? []).forEach((c, i) => {
      const path = c.path.map((part, j) => {
        names[`#w${i}_${j}`] = part;
        return `#w${i}_${j}`;
      });
      const attr = path.join('.');
      values[`:w${i}`] = c.value;
      const term =
        c.op === 'begins_with' || c.op === 'contains' ? `${c.op}(${attr}, :w${i})` : `${attr} ${c.op} :w${i}`;
      if (c.orExists === undefined) filters.push(term);
      else {
        names[`#x${i}`] = c.orExists;
        filters.push(`(${term} OR attribute_exists(#x${i}))`);
      }
    });
    return {
      TableName: this.name,
      IndexName: opts.index,
      KeyConditionExpression: key,
      FilterExpression: filters.length ? filters.join(' AND ') : undefined,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: !opts.descending,
      ConsistentRead: opts.index ? undefined : opts.consistent,
    };
  }
}

/** Builds a ConditionExpression with its own placeholder names. */
class Condition {
  private parts: string[] = [];
  private names: Record<string, string> = {};
  private values: Record<string, unknown> = {};
  private n = 0;

  add(expr: string, names: Record<string, string>) {
    this.parts.push(expr);
    Object.assign(this.names, names);
  }

  equals(expected: Record<string, string | number | boolean | null>) {
    for (const [attr, v] of Object.entries(expected)) {
      const nk = `#c${this.n}`;
      const vk = `:c${this.n++}`;
      this.names[nk] = attr;
      if (v === null) this.parts.push(`attribute_not_exists(${nk})`);
      else {
        this.values[vk] = v;
        this.parts.push(`${nk} = ${vk}`);
      }
    }
  }

  below(bounds: Record<string, number>) {
    for (const [attr, v] of Object.entries(bounds)) {
      const nk = `#c${this.n}`;
      const vk = `:c${this.n++}`;
      this.names[nk] = attr;
      this.values[vk] = v;
      this.parts.push(`(attribute_not_exists(${nk}) OR ${nk} < ${vk})`);
    }
  }

  notContains(values: Record<string, string | number>) {
    for (const [attr, v] of Object.entries(values)) {
      const nk = `#c${this.n}`;
      const vk = `:c${this.n++}`;
      this.names[nk] = attr;
      this.values[vk] = v;
      this.parts.push(`(attribute_not_exists(${nk}) OR NOT contains(${nk}, ${vk}))`);
    }
  }

  render(): {
    ConditionExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } {
    if (!this.parts.length) return {};
    return {
      ConditionExpression: this.parts.join(' AND '),
      ExpressionAttributeNames: this.names,
      ExpressionAttributeValues: Object.keys(this.values).length ? this.values : undefined,
    };
  }
}

function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
}
