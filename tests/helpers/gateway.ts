import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteEntry } from '../../functions/openapi';
import { FALLBACK_GROUP } from '../../infra/stacks/api-stack';
import { httpApiEvent, lambdaContext } from './lambda-events';

type Handler = (event: unknown, context: unknown) => Promise<unknown>;
type HttpResult = {
  statusCode: number;
  body?: string;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  isBase64Encoded?: boolean;
};

/**
 * The group API Gateway's HTTP API sends a request to: among the routes of its method with as many
 * segments, the most specific (a literal segment beats a parameter, left to right), else `$default`.
 */
export function routeGroupFor(routes: readonly RouteEntry[], method: string, path: string): string {
  const segs = path.split('/').slice(1);
  let best: { group: string; score: number[] } | undefined;
  for (const r of routes) {
    if (r.method !== method) continue;
    const rs = r.path.split('/').slice(1);
    if (rs.length !== segs.length) continue;
    const score: number[] = [];
    let ok = true;
    for (let i = 0; i < rs.length && ok; i++) {
      const param = /^\{[^}]+\}$/.test(rs[i]!);
      if (param) score.push(1);
      else if (rs[i] === segs[i]) score.push(2);
      else ok = false;
    }
    if (!ok) continue;
    const better = !best || score.join(',') > best.score.join(',');
    if (better) best = { group: r.group, score };
  }
  return best?.group ?? FALLBACK_GROUP;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for API Gateway on 127.0.0.1: each request becomes a payload-v2 event for the group's
 * bundled handler, and its result the HTTP answer. The mcp bundle's tool calls go here, as on AWS
 * they go to the deployment's own endpoint.
 */
export async function startGateway(
  routes: readonly RouteEntry[],
  handlerOf: (group: string) => Handler,
): Promise<{ url: string; requests: { method: string; path: string; group: string }[]; close(): Promise<void> }> {
  const requests: { method: string; path: string; group: string }[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://gateway.test');
      const group = routeGroupFor(routes, req.method ?? 'GET', url.pathname);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, group });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const body = await bodyOf(req);
      const event = {
        ...httpApiEvent(req.method ?? 'GET', url.pathname, url.search.slice(1), headers),
        ...(body ? { body } : {}),
      };
      const out = (await handlerOf(group)(event, lambdaContext)) as HttpResult;
      for (const [k, v] of Object.entries(out.headers ?? {})) res.setHeader(k, v);
      for (const [k, v] of Object.entries(out.multiValueHeaders ?? {})) res.setHeader(k, v);
      res.statusCode = out.statusCode;
      res.end(out.isBase64Encoded ? Buffer.from(out.body ?? '', 'base64') : (out.body ?? ''));
    })().catch((e: unknown) => {
      res.statusCode = 502;
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
