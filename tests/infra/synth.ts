import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { GROUP_GRANTS } from '../../infra/grants';
import { JOBS } from '../../infra/jobs';
import { groupsOf, loadRoutes, type RouteEntry, type ScheduledSource } from '../../infra/manifest';

/**
 * Synthesize the whole app offline. The infra tests check wiring, not bundles (the bundled
 * handlers have their own test), so each function's asset is a one-line placeholder in a temp
 * folder: synthesis needs no `npm run build`, no AWS account and no network.
 */
export interface Synth {
  data: Template;
  api: Template;
  jobs: Template;
  all: Template[];
  routes: readonly RouteEntry[];
  groups: string[];
  context: Record<string, string>;
  outdir: string;
  cleanup(): void;
}

export const TEST_CONTEXT = {
  stage: 'test',
  signingKeySecretName: 'warrant-test/signing-key',
} as const;

/** A group name infra/grants.ts does not know: it gets the default grant. */
export const UNNAMED = 'catalog-probe';

/**
 * The real route map plus one probe route for each group infra/grants.ts names but the map does
 * not hold yet, and one for a group it does not name, so every entry of the matrix is synthesized.
 */
export function everyGrantedGroup(): RouteEntry[] {
  const routes = loadRoutes();
  const present = new Set(routes.map((r) => r.group));
  const extra = [...Object.keys(GROUP_GRANTS), UNNAMED]
    .filter((g) => !present.has(g))
    .map((g) => ({ group: g, method: 'GET', path: `/grants-probe/${g}` }));
  return [...routes, ...extra];
}

/**
 * `validate`: run CDK's built-in CloudFormation template validation, as `cdk synth` does (about
 * seven seconds); one test file does, the others skip it to stay fast.
 */
export function synth(
  opts: {
    context?: Record<string, string>;
    routes?: RouteEntry[];
    sources?: ScheduledSource[];
    validate?: boolean;
  } = {},
): Synth {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'infra-test-'));
  const routes = opts.routes ?? loadRoutes();
  const groups = groupsOf(routes);
  for (const name of [...groups, ...JOBS]) {
    fs.mkdirSync(path.join(dir, 'bundles', name), { recursive: true });
    fs.writeFileSync(path.join(dir, 'bundles', name, 'index.js'), 'exports.handler = async () => ({});\n');
  }
  const context = { ...TEST_CONTEXT, bundleDir: path.join(dir, 'bundles'), ...opts.context };
  const outdir = path.join(dir, 'out');
  const app = new App({
    context,
    outdir,
    treeMetadata: false,
    builtinCloudFormationValidation: false,
  });
  const stacks = buildApp(app, { routes, sources: opts.sources });
  const data = Template.fromStack(stacks.data);
  const api = Template.fromStack(stacks.api);
  const jobs = Template.fromStack(stacks.jobs);
  return {
    data,
    api,
    jobs,
    all: [data, api, jobs],
    routes,
    groups,
    context,
    outdir,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [k: string]: unknown }>;

export function resourcesOf(t: Template, type?: string): Resources {
  const all = t.toJSON().Resources as Resources;
  return type ? Object.fromEntries(Object.entries(all).filter(([, r]) => r.Type === type)) : all;
}

/** A policy statement flattened for assertions: actions as a list, resources rendered to strings. */
export interface FlatStatement {
  actions: string[];
  resources: string[];
}

/** Render CloudFormation intrinsics to readable strings (`${AWS::AccountId}`, `${Logical.Arn}`). */
export function render(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('Fn::Join' in o) {
      const [sep, parts] = o['Fn::Join'] as [string, unknown[]];
      return parts.map(render).join(sep);
    }
    if ('Ref' in o) return `\${${o.Ref}}`;
    if ('Fn::GetAtt' in o) return `\${${(o['Fn::GetAtt'] as string[]).join('.')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Every statement attached to the role of the function named `functionName`, from its inline
 * policies (the grants) in the given template.
 */
export function statementsOf(t: Template, functionName: string): FlatStatement[] {
  const fns = resourcesOf(t, 'AWS::Lambda::Function');
  const fn = Object.values(fns).find((r) => r.Properties?.FunctionName === functionName);
  if (!fn) throw new Error(`no function ${functionName}`);
  const roleId = ((fn.Properties!.Role as Record<string, string[]>)['Fn::GetAtt'] ?? [])[0];
  const out: FlatStatement[] = [];
  for (const p of Object.values(resourcesOf(t, 'AWS::IAM::Policy'))) {
    const roles = (p.Properties!.Roles as { Ref: string }[]).map((r) => r.Ref);
    if (!roles.includes(roleId!)) continue;
    const doc = p.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] };
    for (const s of doc.Statement) {
      const actions = ([] as string[]).concat(s.Action as string | string[]);
      const resources = ([] as unknown[]).concat(s.Resource).map(render);
      out.push({ actions, resources });
    }
  }
  return out;
}

export function environmentOf(t: Template, functionName: string): Record<string, unknown> {
  const fns = resourcesOf(t, 'AWS::Lambda::Function');
  const fn = Object.values(fns).find((r) => r.Properties?.FunctionName === functionName);
  if (!fn) throw new Error(`no function ${functionName}`);
  return ((fn.Properties!.Environment as { Variables: Record<string, unknown> }) ?? { Variables: {} }).Variables;
}
