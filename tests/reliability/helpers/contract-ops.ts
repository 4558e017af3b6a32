import * as fs from 'node:fs';
import * as path from 'node:path';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema fragments from the contract are walked freely
export type Schema = Record<string, any>;

export interface OpParam {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** e.g. "GET /rules/warrant". */
  id: string;
  method: string;
  path: string;
  params: OpParam[];
  body?: { schema: Schema; required: boolean; contentType: string };
  /** Whether the contract says an API key is needed. */
  secured: boolean;
}

const CONTRACT = path.resolve(__dirname, '../../../contract/openapi.json');

/** Every operation of the published contract, $refs resolved (the fuzzer's list of targets). */
export function contractOperations(): Operation[] {
  const doc = JSON.parse(fs.readFileSync(CONTRACT, 'utf8')) as Schema;
  const resolve = (s: Schema | undefined, depth = 0): Schema => {
    if (!s || depth > 20) return s ?? {};
    if (typeof s.$ref === 'string') {
      const target = s.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((o: Schema, k: string) => o?.[k], doc);
      return resolve(target, depth + 1);
    }
    const out: Schema = { ...s };
    if (s.properties) {
      out.properties = Object.fromEntries(
        Object.entries(s.properties as Record<string, Schema>).map(([k, v]) => [k, resolve(v, depth + 1)]),
      );
    }
    if (s.items) out.items = resolve(s.items, depth + 1);
    return out;
  };
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = ((op.parameters ?? []) as Schema[]).map((raw) => {
        const x = resolve(raw);
        return { name: x.name, in: x.in, required: Boolean(x.required), schema: resolve(x.schema) } as OpParam;
      });
      const content = op.requestBody?.content as Record<string, Schema> | undefined;
      const contentType = content ? Object.keys(content)[0] : undefined;
      ops.push({
        id: `${method.toUpperCase()} ${p}`,
        method: method.toUpperCase(),
        path: p,
        params,
        body:
          content && contentType
            ? { schema: resolve(content[contentType]!.schema), required: Boolean(op.requestBody.required), contentType }
            : undefined,
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return ops.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
