import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The generated inputs of the CDK app. Endpoint groups and their routes come from
 * routes.generated.json (`npm run contract`), scheduled sources from sources.generated.json
 * (`npm run infra:sources`), so the stacks track new groups and sources without edits here and
 * infra/ never imports runtime code.
 */
export interface RouteEntry {
  group: string;
  method: string;
  /** API Gateway syntax: /archive/{source_id}/files. */
  path: string;
}

export const CADENCES = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'] as const;
export type Cadence = (typeof CADENCES)[number];

export interface ScheduledSource {
  source_id: string;
  cadence: Cadence;
}

const ROUTES_FILE = path.join(__dirname, 'routes.generated.json');
const SOURCES_FILE = path.join(__dirname, 'sources.generated.json');

function readJson(file: string, hint: string): Record<string, unknown> {
  if (!fs.existsSync(file)) throw new Error(`${path.basename(file)} is missing: run ${hint}`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** Every route of every group, hidden admin routes included. */
export function loadRoutes(): RouteEntry[] {
  const routes = readJson(ROUTES_FILE, 'npm run contract').routes as RouteEntry[];
  if (!Array.isArray(routes)) throw new Error('routes.generated.json has no routes array');
  return routes;
}

/** The endpoint groups the route map names, sorted (one Lambda each). */
export function groupsOf(routes: readonly RouteEntry[]): string[] {
  return [...new Set(routes.map((r) => r.group))].sort();
}

/** Sources with a declared publishing cadence and URLs to fetch; exempt sources are left out. */
export function loadScheduledSources(): ScheduledSource[] {
  const sources = readJson(SOURCES_FILE, 'npm run infra:sources').sources as ScheduledSource[];
  if (!Array.isArray(sources)) throw new Error('sources.generated.json has no sources array');
  for (const s of sources) {
    if (!CADENCES.includes(s.cadence)) throw new Error(`source ${s.source_id}: unknown cadence ${s.cadence}`);
  }
  return sources;
}
