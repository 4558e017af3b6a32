import { Match } from 'aws-cdk-lib/assertions';
import { DELIVERY_INPUT, DELIVERY_SCHEDULE, fetchScheduleFor, JOBS, RESUME_LOADS_INPUT } from '../../infra/jobs';
import { CADENCES, loadScheduledSources, type ScheduledSource } from '../../infra/manifest';
import { namesFor } from '../../infra/naming';
import { render, resourcesOf, type Synth, synth } from './synth';

/** The declared sources plus one probe source per cadence none of them declares yet. */
function everyCadence(): ScheduledSource[] {
  const sources = loadScheduledSources();
  const present = new Set(sources.map((s) => s.cadence));
  return [...sources, ...CADENCES.filter((c) => !present.has(c)).map((c) => ({ source_id: `probe_${c}`, cadence: c }))];
}

describe('jobs stack: scheduled delivery and fetch runs', () => {
  let s: Synth;
  let sources: ScheduledSource[];
  const names = namesFor('warrant-test');
  beforeAll(() => {
    sources = everyCadence();
    s = synth({ sources });
  });
  afterAll(() => s.cleanup());

  const schedules = () => Object.values(resourcesOf(s.jobs, 'AWS::Scheduler::Schedule')).map((r) => r.Properties!);
  const fnArn = (name: string) => {
    const [id] = Object.entries(resourcesOf(s.jobs, 'AWS::Lambda::Function')).find(
      ([, r]) => r.Properties!.FunctionName === names.fn(name),
    )!;
    return `\${${id}.Arn}`;
  };

  it('fires the delivery job daily at 14:00 UTC, exactly on time, with retries and a dead-letter queue', () => {
    const delivery = schedules().find((p) => p.Name === names.deliverySchedule)!;
    expect(delivery).toMatchObject({
      GroupName: names.scheduleGroup,
      ScheduleExpression: 'cron(0 14 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
    });
    expect(DELIVERY_SCHEDULE).toEqual({ expression: 'cron(0 14 * * ? *)', timeZone: 'UTC' });
    const target = delivery.Target as Record<string, unknown>;
    expect(render(target.Arn)).toBe(fnArn('delivery'));
    expect(JSON.parse(target.Input as string)).toEqual(DELIVERY_INPUT);
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 });
    expect(render((target.DeadLetterConfig as { Arn: unknown }).Arn)).toMatch(/^\$\{deliverydlq[0-9A-F]+\.Arn\}$/);
  });

  it('sends runs that fail inside the function to the same dead-letter queue after Lambda retries', () => {
    for (const job of JOBS) {
      s.jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: Match.stringLikeRegexp(`^Job${job}Fn`) },
        MaximumRetryAttempts: 2,
        DestinationConfig: {
          OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^${job}dlq`), 'Arn'] } },
        },
      });
    }
  });

  it('runs the fetch job every 15 minutes to resume loads left at a checkpoint', () => {
    const resume = schedules().find((p) => p.Name === names.resumeLoadsSchedule)!;
    expect(resume).toMatchObject({
      GroupName: names.fetchScheduleGroup,
      ScheduleExpression: 'rate(15 minutes)',
      FlexibleTimeWindow: { Mode: 'OFF' },
    });
    const target = resume.Target as Record<string, unknown>;
    expect(render(target.Arn)).toBe(fnArn('fetch'));
    expect(JSON.parse(target.Input as string)).toEqual(RESUME_LOADS_INPUT);
  });

  it('schedules one fetch run per source with a declared cadence, checked more often than it publishes', () => {
    const fetches = schedules().filter(
      (p) => p.GroupName === names.fetchScheduleGroup && p.Name !== names.resumeLoadsSchedule,
    );
    expect(fetches).toHaveLength(sources.length);
    for (const source of sources) {
      const p = fetches.find((f) => f.Name === names.fetchSchedule(source.source_id))!;
      expect(p.ScheduleExpression).toBe(fetchScheduleFor(source));
      expect(p.ScheduleExpressionTimezone).toBe('UTC');
      const target = p.Target as Record<string, unknown>;
      expect(render(target.Arn)).toBe(fnArn('fetch'));
      expect(JSON.parse(target.Input as string)).toEqual({ source_id: source.source_id });
    }
    const daily = sources.find((x) => x.cadence === 'daily')!;
    expect(fetchScheduleFor(daily)).toMatch(/^cron\(\d+ 0\/6 \* \* \? \*\)$/);
    for (const c of ['weekly', 'monthly'] as const) {
      expect(fetchScheduleFor(sources.find((x) => x.cadence === c)!)).toMatch(/^cron\([0-4]?\d 12 \* \* \? \*\)$/);
    }
  });

  it('alarms on dead-letter depth above zero, on delivery invocation failures, and per job on errors and throttles', () => {
    for (const job of JOBS) {
      s.jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
        AlarmName: `${names.fn(job)}-dlq-depth`,
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      for (const metric of ['Errors', 'Throttles']) {
        s.jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
          AlarmName: `${names.fn(job)}-${metric.toLowerCase()}`,
          Namespace: 'AWS/Lambda',
          MetricName: metric,
        });
      }
    }
    s.jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: `${names.deliverySchedule}-invocation-failures`,
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({
              Namespace: 'AWS/Scheduler',
              MetricName: 'TargetErrorCount',
              Dimensions: [{ Name: 'ScheduleGroup', Value: names.scheduleGroup }],
            }),
          }),
        }),
      ]),
    });
  });

  it('reads the public base URL from the parameter the API stack publishes, not from an export', () => {
    const text = JSON.stringify(s.jobs.toJSON());
    expect(text).not.toContain('Fn::ImportValue');
    const params = s.jobs.toJSON().Parameters as Record<string, { Default?: string }>;
    expect(Object.values(params).map((p) => p.Default)).toContain(names.baseUrlParameter);
  });
});
