import * as path from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { loadRoutes, loadScheduledSources, type RouteEntry, type ScheduledSource } from './manifest';
import { namesFor } from './naming';
import { readSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';

/**
 * The three stacks of a private instance. Stateful (data) is separate from stateless (api, jobs):
 * the stateless stacks can be destroyed and redeployed at will; the data stack retains its bucket
 * and tables even when deleted. The stacks are environment-agnostic: `cdk deploy` targets the
 * account and region of the caller's AWS credentials, and synthesis needs no account at all.
 * `inputs` replaces the generated route map or source list (tests only).
 */
export function buildApp(
  app: App,
  inputs: { routes?: readonly RouteEntry[]; sources?: readonly ScheduledSource[] } = {},
): { data: DataStack; api: ApiStack; jobs: JobsStack } {
  const settings = readSettings((k) => app.node.tryGetContext(k), path.resolve(__dirname, '..'));
  const names = namesFor(settings.namePrefix, settings.archiveBucketName);
  const data = new DataStack(app, 'Data', {
    stackName: names.stack('data'),
    names,
    alarmEmail: settings.alarmEmail,
    terminationProtection: true,
  });
  const api = new ApiStack(app, 'Api', {
    stackName: names.stack('api'),
    names,
    settings,
    routes: inputs.routes ?? loadRoutes(),
  });
  const jobs = new JobsStack(app, 'Jobs', {
    stackName: names.stack('jobs'),
    names,
    settings,
    sources: inputs.sources ?? loadScheduledSources(),
  });
  api.addStackDependency(data);
  jobs.addStackDependency(data);
  jobs.addStackDependency(api, 'reads the base URL parameter the API stack publishes');
  Tags.of(app).add('service', 'warrant-service');
  Tags.of(app).add('instance', names.prefix);
  return { data, api, jobs };
}

if (require.main === module) {
  const app = new App();
  buildApp(app);
  app.synth();
}
