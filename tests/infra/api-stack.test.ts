import { Match } from 'aws-cdk-lib/assertions';
import { JOBS } from '../../infra/jobs';
import { namesFor } from '../../infra/naming';
import { FALLBACK_GROUP } from '../../infra/stacks/api-stack';
import { render, resourcesOf, type Synth, synth } from './synth';

describe('API stack, synthesized from infra/routes.generated.json', () => {
  let s: Synth;
  const names = namesFor('warrant-test');
  beforeAll(() => {
    s = synth();
  });
  afterAll(() => s.cleanup());

  it('has one function per endpoint group, and the whole app one more per job', () => {
    expect(s.groups.length).toBeGreaterThan(0);
    s.api.resourceCountIs('AWS::Lambda::Function', s.groups.length);
    const total = s.all.reduce((n, t) => n + Object.keys(resourcesOf(t, 'AWS::Lambda::Function')).length, 0);
    expect(total).toBe(s.groups.length + JOBS.length);
    for (const g of s.groups) {
      s.api.hasResourceProperties('AWS::Lambda::Function', {
        FunctionName: names.fn(g),
        Handler: 'index.handler',
      });
    }
  });

  it('runs every function on Node.js 22 or newer, arm64, with a memory size and timeout', () => {
    for (const t of s.all) {
      for (const [id, fn] of Object.entries(resourcesOf(t, 'AWS::Lambda::Function'))) {
        const p = fn.Properties!;
        const major = Number(/^nodejs(\d+)\.x$/.exec(String(p.Runtime))?.[1]);
        expect({ id, major: major >= 22 }).toEqual({ id, major: true });
        expect(p.Architectures).toEqual(['arm64']);
        expect(p.MemorySize).toBeGreaterThanOrEqual(128);
        expect(p.Timeout).toBeGreaterThan(0);
      }
    }
  });

  it('maps every route of the route map to its own group function', () => {
    const fnIdByName = new Map(
      Object.entries(resourcesOf(s.api, 'AWS::Lambda::Function')).map(([id, r]) => [r.Properties!.FunctionName, id]),
    );
    const integrations = resourcesOf(s.api, 'AWS::ApiGatewayV2::Integration');
    const targetOf = new Map(
      Object.values(resourcesOf(s.api, 'AWS::ApiGatewayV2::Route')).map((r) => {
        const integrationId = /integrations\/\$\{(.+)\}/.exec(render(r.Properties!.Target))![1]!;
        const uri = render(integrations[integrationId]!.Properties!.IntegrationUri);
        return [r.Properties!.RouteKey as string, uri];
      }),
    );
    for (const r of s.routes) {
      const key = `${r.method} ${r.path}`;
      expect({ key, uri: targetOf.get(key) }).toEqual({ key, uri: `\${${fnIdByName.get(names.fn(r.group))}.Arn}` });
    }
    // Unknown paths reach the fallback group, which answers a problem+json 404.
    expect(targetOf.get('$default')).toBe(`\${${fnIdByName.get(names.fn(FALLBACK_GROUP))}.Arn}`);
    expect(targetOf.size).toBe(s.routes.length + 1);
  });

  it("stays well inside CloudFormation's 500-resource stack limit (one permission per group keeps it so)", () => {
    expect(Object.keys(resourcesOf(s.api)).length).toBeLessThan(400);
  });

  it('invokes each group with payload v2 and one permission per group, not per route', () => {
    s.api.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
    s.api.resourceCountIs('AWS::Lambda::Permission', s.groups.length);
  });

  it('throttles the stage and writes JSON access logs with the request id', () => {
    s.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
    });
  });

  it('alarms on errors and throttles of every group function and on API 5xx', () => {
    for (const g of s.groups) {
      for (const metric of ['Errors', 'Throttles']) {
        s.api.hasResourceProperties('AWS::CloudWatch::Alarm', {
          AlarmName: `${names.fn(g)}-${metric.toLowerCase()}`,
          MetricName: metric,
          Namespace: 'AWS/Lambda',
          AlarmActions: Match.anyValue(),
        });
      }
    }
    s.api.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: '5xx', Namespace: 'AWS/ApiGateway' });
  });

  it('names the delivery schedule to the meta group, whose deep health check probes it', () => {
    const env = resourcesOf(s.api, 'AWS::Lambda::Function');
    const meta = Object.values(env).find((r) => r.Properties!.FunctionName === names.fn('meta'))!;
    expect(meta.Properties!.Environment).toEqual({
      Variables: expect.objectContaining({
        STORAGE: 'aws',
        SCHEDULER_SCHEDULE_NAME: names.deliverySchedule,
        SCHEDULER_GROUP_NAME: names.scheduleGroup,
      }),
    });
  });
});
