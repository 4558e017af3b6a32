import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from '../http/tool-spec';
import type { AppEnv } from '../http/types';
import { type JsonSchema, uncheckedKeywords } from './path-check';
import type { ResolvedTool } from './tool-entry';

type JsonObject = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonObject;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonObject }> };
}

const SIGNED_TAIL =
  'The JSON answer is signed (Ed25519 over RFC 8785 canonical JSON): the text content is the exact response body, so hand it unchanged to any verifier (`npm run verify`, or the verifiers at /examples) with the key from the warrant_signing_key tool.';
const CALL_TAIL =
  'A refusal (bad argument, missing or unentitled key, daily allowance spent) comes back as an error result whose text is the API’s RFC 9457 problem details, naming the parameter or the entitlement.';

/**
 * The tools of the given specs, built from the app's own OpenAPI document: the input schema is the
 * route's zod query, path or body schema as the contract publishes it (descriptions, examples,
 * formats and bounds included), never a copy. A spec naming a route the app does not serve is a
 * programming error and throws, so a renamed path cannot silently drop a tool; so does a path
 * parameter whose schema uses a keyword the tool call's path check does not enforce (./path-check.ts).
 * `npm run generate` writes the result as functions/mcp/tools.generated.json.
 */
export function resolveTools(app: OpenAPIHono<AppEnv>, specs: readonly ToolSpec[]): ResolvedTool[] {
  const names = new Set<string>();
  for (const s of specs) {
    if (names.has(s.name)) throw new Error(`tool ${s.name} is declared twice`);
    names.add(s.name);
  }
  // The tools' routes alone, without their responses: a fraction of the whole document's generation.
  const scratch = new OpenAPIHono();
  for (const spec of specs) {
    const def = app.openAPIRegistry.definitions.find(
      (d) => d.type === 'route' && d.route.method === spec.method && d.route.path === spec.path,
    );
    if (def?.type !== 'route') throw new Error(`tool ${spec.name}: no route ${spec.method.toUpperCase()} ${spec.path}`);
    scratch.openAPIRegistry.registerPath({ ...def.route, responses: { 200: { description: 'the answer' } } });
  }
  const doc = scratch.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'tools', version: '1' },
  }) as unknown as JsonObject;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
  const components = ((doc.components as JsonObject | undefined)?.schemas ?? {}) as Record<string, JsonObject>;
  return specs.map((spec) => {
    const op = paths[spec.path]?.[spec.method];
    if (!op) throw new Error(`tool ${spec.name}: no route ${spec.method.toUpperCase()} ${spec.path}`);
    const params = op.parameters ?? [];
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const inputSchema = inputSchemaOf(params, bodySchema, components);
    const description = [op.description ?? op.summary ?? '', spec.proves, spec.signed ? SIGNED_TAIL : '', CALL_TAIL]
      .filter((s) => s.length > 0)
      .join('\n\n');
    const definition: Tool = {
      name: spec.name,
      ...(op.summary ? { title: op.summary } : {}),
      description,
      inputSchema: inputSchema as Tool['inputSchema'],
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    };
    const pathSchemas: Record<string, JsonSchema> = {};
    for (const p of params.filter((x) => x.in === 'path')) {
      const schema = asJsonSchema(p.schema ?? {}) as JsonSchema;
      const bad = uncheckedKeywords(schema);
      if (bad.length > 0) {
        throw new Error(
          `tool ${spec.name}: path parameter ${p.name} uses ${bad.join(', ')}, which a tool call's path check does not enforce (shared/mcp/path-check.ts)`,
        );
      }
      pathSchemas[p.name] = schema;
    }
    return {
      spec: { ...spec },
      definition,
      pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
      pathSchemas,
      queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
      body: bodySchema !== undefined,
    };
  });
}

/**
 * One JSON Schema object for the arguments: the body's properties (a body route) or one property per
 * path and query parameter. OpenAPI's `example` becomes JSON Schema's `examples`, and the components
 * a body refers to travel as `$defs`. Undeclared arguments are refused by the route itself (a 400
 * naming them), which `additionalProperties: false` announces.
 */
function inputSchemaOf(
  params: readonly OpenApiParameter[],
  body: JsonObject | undefined,
  components: Record<string, JsonObject>,
): JsonObject {
  const out: JsonObject = body
    ? structuredClone(typeof body.$ref === 'string' ? (components[refName(body.$ref)] ?? {}) : body)
    : { type: 'object', properties: {} };
  const properties = (out.properties ?? {}) as JsonObject;
  const required = new Set<string>((out.required as string[] | undefined) ?? []);
  for (const p of params) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    properties[p.name] = { ...(p.schema ?? {}), ...(p.description ? { description: p.description } : {}) };
    if (p.required) required.add(p.name);
  }
  out.type = 'object';
  out.properties = properties;
  if (required.size > 0) out.required = [...required];
  out.additionalProperties = false;
  const defs: JsonObject = {};
  const pending = [...refsIn(out)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name in defs || !components[name]) continue;
    defs[name] = components[name];
    pending.push(...refsIn(components[name]));
  }
  if (Object.keys(defs).length > 0) out.$defs = defs;
  return asJsonSchema(out) as JsonObject;
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function refsIn(value: unknown): string[] {
  const found: string[] = [];
  JSON.stringify(value, (k, v) => {
    if (k === '$ref' && typeof v === 'string') found.push(refName(v));
    return v;
  });
  return found;
}

/** Keywords whose value maps names to schemas: their keys are names, never keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);

/** OpenAPI 3.1 schema to JSON Schema: local component refs, `examples` arrays. */
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') out.$ref = `#/$defs/${refName(v)}`;
    else if (k === 'example') out.examples = [v];
    else if (SCHEMA_MAPS.has(k) && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, schema]) => [name, asJsonSchema(schema)]));
    } else out[k] = asJsonSchema(v);
  }
  return out;
}
