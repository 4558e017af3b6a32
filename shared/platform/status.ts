import type { Deps } from '../deps';
import { runProbes } from '../health/probes';
import type { CatalogEntry, SourceCatalog, SourceFreshness } from './catalog';

export type Light = 'green' | 'amber' | 'red';

export interface StatusComponent {
  name: 'database' | 'object_storage' | 'scheduler' | 'mail' | 'pipeline_freshness';
  light: Light | 'grey';
  status: string;
  detail: string;
  latency_ms?: number;
}

export interface SourceLight {
  source_id: string;
  freshness: CatalogEntry['freshness']['class'];
  level: CatalogEntry['freshness']['level'];
  light: Light | 'grey';
  age_days: number | null;
  reason: string | null;
}

export interface StatusReport {
  status: 'ok' | 'degraded' | 'failing';
  light: Light;
  checked_at: string;
  components: StatusComponent[];
  sources: SourceLight[];
}

const PROBE_NAMES: Record<string, StatusComponent['name']> = {
  dynamodb: 'database',
  s3: 'object_storage',
  scheduler: 'scheduler',
};

/**
 * The public traffic light (spec: States, rules 1-3): red (failing) when a storage dependency fails
 * or any source is critical; amber when a scheduled source is late (stale, or never loaded past its
 * stale threshold); green otherwise. Exempt sources are listed grey and never change the light. Mail
 * is reported as configured or not and never changes it either.
 */
export async function platformStatus(deps: Deps, catalog: Pick<SourceCatalog, 'freshness'>): Promise<StatusReport> {
  const [probes, entries] = await Promise.all([
    runProbes(deps.probes),
    catalog.freshness().then(
      (all) => ({ ok: true as const, all }),
      (e: unknown) => ({ ok: false as const, error: e instanceof Error ? e.message : String(e) }),
    ),
  ]);
  const components: StatusComponent[] = probes.map((p) => ({
    name: PROBE_NAMES[p.name] ?? 'database',
    light: p.status === 'ok' ? 'green' : 'red',
    status: p.status,
    detail: p.status === 'ok' ? 'answering' : (p.error ?? 'not answering'),
    latency_ms: p.latency_ms,
  }));
  components.push({
    name: 'mail',
    light: 'grey',
    status: deps.config.smtpUrl ? 'configured' : 'not_configured',
    detail: deps.config.smtpUrl ? 'Outgoing mail is configured.' : 'No SMTP_URL is set; the service sends no mail.',
  });
  const sources = entries.ok ? entries.all.map(sourceLight) : [];
  components.push(pipelineComponent(sources, entries.ok ? undefined : entries.error));
  const lights = components.map((c) => c.light);
  const light: Light = lights.includes('red') ? 'red' : lights.includes('amber') ? 'amber' : 'green';
  return {
    status: light === 'red' ? 'failing' : light === 'amber' ? 'degraded' : 'ok',
    light,
    checked_at: deps.clock.now().toISOString(),
    components,
    sources,
  };
}

function sourceLight(e: SourceFreshness): SourceLight {
  const f = e.freshness;
  const light: SourceLight['light'] =
    f.level === null ? 'grey' : f.level === 'critical' ? 'red' : f.level === 'stale' ? 'amber' : 'green';
  return {
    source_id: e.source_id,
    freshness: f.class,
    level: f.level,
    light,
    age_days: f.age_days,
    reason: f.reason ?? null,
  };
}

function pipelineComponent(sources: SourceLight[], error?: string): StatusComponent {
  if (error)
    return {
      name: 'pipeline_freshness',
      light: 'red',
      status: 'unknown',
      detail: `Could not read source state: ${error}`,
    };
  const critical = sources.filter((s) => s.light === 'red').map((s) => s.source_id);
  const late = sources.filter((s) => s.light === 'amber').map((s) => s.source_id);
  if (critical.length) {
    return {
      name: 'pipeline_freshness',
      light: 'red',
      status: 'critical',
      detail: `Critical: ${critical.join(', ')}.`,
    };
  }
  if (late.length)
    return { name: 'pipeline_freshness', light: 'amber', status: 'late', detail: `Late: ${late.join(', ')}.` };
  return {
    name: 'pipeline_freshness',
    light: 'green',
    status: 'on_schedule',
    detail: 'Every scheduled source is fresh.',
  };
}
