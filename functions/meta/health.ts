import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../shared/deps';
import { runProbes } from '../../shared/health/probes';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';

const Health = z.object({ status: z.literal('ok'), time: z.string() }).openapi('Health');

const Probe = z.object({
  name: z.string().openapi({ example: 's3' }),
  status: z.enum(['ok', 'failing']),
  latency_ms: z.number(),
  error: z.string().optional(),
});

const DeepHealth = z
  .object({ status: z.enum(['ok', 'failing']), failing: z.array(z.string()), probes: z.array(Probe) })
  .openapi('DeepHealth');

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Platform'],
  summary: 'Shallow health check',
  description: 'Answers from the process alone, without touching storage.',
  responses: { 200: jsonResponse(Health, 'The process is serving.'), ...problemResponses() },
});

const deep = createRoute({
  method: 'get',
  path: '/health/deep',
  tags: ['Platform'],
  summary: 'Live dependency probes',
  description:
    'Probes DynamoDB, S3 and, where configured, the EventBridge scheduler, each bounded to 2 s. 503 when any probe fails; the body names it.',
  responses: {
    200: jsonResponse(DeepHealth, 'Every dependency answered.'),
    503: jsonResponse(DeepHealth, 'At least one dependency failed; `failing` names it.'),
    ...problemResponses(),
  },
});

export function mountHealth(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(health, (c) => c.json({ status: 'ok' as const, time: deps.clock.now().toISOString() }, 200));
  router.openapi(deep, async (c) => {
    const probes = await runProbes(deps.probes);
    const failing = probes.filter((p) => p.status === 'failing').map((p) => p.name);
    const body = { status: failing.length ? ('failing' as const) : ('ok' as const), failing, probes };
    return failing.length ? c.json(body, 503) : c.json(body, 200);
  });
}
