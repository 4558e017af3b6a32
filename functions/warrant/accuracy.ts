import { createRoute, z } from '@hono/zod-openapi';
import { accuracyReport } from '../../shared/accuracy/report';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';

const SourceAccuracy = z
  .object({
    source_id: z.string(),
    title: z.string(),
    accuracy_class: z.string(),
    runs: z.number().int().openapi({ description: 'Stored check runs counted (the newest 10).' }),
    checked: z.number().int().openapi({ description: 'Facts re-read from archived bytes across those runs.' }),
    latest: z
      .object({
        run_at: z.string(),
        accuracy: z.number().nullable(),
        checked: z.number().int(),
        matched: z.number().int(),
      })
      .nullable(),
    mean: z.number().nullable(),
    variance: z.number().nullable(),
    std_dev: z.number().nullable(),
  })
  .openapi('SourceAccuracy');

const AccuracyPage = z.object({ method: z.string(), sources: z.array(SourceAccuracy) }).openapi('AccuracyBenchmark');

const METHOD =
  'Each check run samples stored warrant facts of the latest loaded versions of every warrant source, re-reads the row each fact points to from the archived publisher bytes (by sha256 and row locator) and counts identical rows. accuracy = matched / checked per run; mean and population variance are over the newest 10 runs. Runs happen after each load of new versions and at local start-up.';

const route = createRoute({
  method: 'get',
  path: '/accuracy',
  tags: ['Platform'],
  summary: 'Accuracy benchmark per source, with its variance',
  description: `Unauthenticated. Computed from stored check runs, never typed in. ${METHOD} A source with no run yet reports nulls.`,
  responses: { 200: jsonResponse(AccuracyPage, 'The benchmark.'), ...problemResponses(503) },
});

export function mountAccuracy(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(route, async (c) => c.json({ method: METHOD, sources: await accuracyReport(deps) }, 200));
}
