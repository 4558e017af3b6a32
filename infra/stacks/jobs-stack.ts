import { Duration, Stack, type StackProps, TimeZone } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { statementsFor } from '../constructs/access';
import { ServiceFunction } from '../constructs/service-function';
import { environmentFor } from '../environment';
import { grantFor } from '../grants';
import {
  DELIVERY_INPUT,
  DELIVERY_SCHEDULE,
  fetchInput,
  fetchScheduleFor,
  type JobName,
  RESUME_LOADS_INPUT,
  RESUME_LOADS_SCHEDULE,
} from '../jobs';
import type { ScheduledSource } from '../manifest';
import type { Names } from '../naming';
import { profileFor } from '../profiles';
import type { Settings } from '../settings';

export interface JobsStackProps extends StackProps {
  names: Names;
  settings: Settings;
  sources: readonly ScheduledSource[];
}

/** Retries at both layers: Scheduler retries failed invocations, Lambda retries failed runs. */
const RETRIES = { scheduler: 3, lambda: 2, maxEventAge: Duration.hours(2) };

/**
 * The stateless jobs: the daily webhook delivery at 14:00 UTC and one fetch schedule per source
 * with a declared cadence. Failed events of either land in the job's dead-letter queue, which
 * alarms as soon as it holds a message.
 */
export class JobsStack extends Stack {
  readonly functions: ReadonlyMap<JobName, ServiceFunction>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { names, settings } = props;
    const topic = sns.Topic.fromTopicArn(
      this,
      'AlarmTopic',
      this.formatArn({ service: 'sns', resource: names.alarmTopic }),
    );
    const alarmAction = new actions.SnsAction(topic);
    const group = new scheduler.ScheduleGroup(this, 'DeliverySchedules', { scheduleGroupName: names.scheduleGroup });
    const fetchGroup = new scheduler.ScheduleGroup(this, 'FetchSchedules', {
      scheduleGroupName: names.fetchScheduleGroup,
    });

    const job = (name: JobName, publicBaseUrl?: string) => {
      const grant = grantFor('job', name);
      const sf = new ServiceFunction(this, `Job-${name}`, {
        name,
        functionName: names.fn(name),
        bundleDir: settings.bundleDir,
        sourceMaps: settings.sourceMaps,
        profile: profileFor('job', name),
        environment: environmentFor(grant, { names, settings, publicBaseUrl }),
        statements: statementsFor(this, grant, { names, signingKey: settings.signingKey }),
        alarmTopic: topic,
      });
      const dlq = new sqs.Queue(this, `${name}-dlq`, {
        queueName: `${names.fn(name)}-dlq`,
        retentionPeriod: Duration.days(14),
        enforceSSL: true,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
      });
      sf.fn.configureAsyncInvoke({
        retryAttempts: RETRIES.lambda,
        maxEventAge: RETRIES.maxEventAge,
        onFailure: new SqsDestination(dlq),
      });
      new cloudwatch.Alarm(this, `${name}-dlq-depth`, {
        alarmName: `${names.fn(name)}-dlq-depth`,
        alarmDescription: `${name}: a scheduled run failed after its retries (see the dead-letter queue)`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: 0,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(alarmAction);
      const target = (input: Record<string, string>) =>
        new targets.LambdaInvoke(sf.fn, {
          input: scheduler.ScheduleTargetInput.fromObject(input),
          deadLetterQueue: dlq,
          retryAttempts: RETRIES.scheduler,
          maxEventAge: RETRIES.maxEventAge,
        });
      return { sf, target };
    };

    // Change records carry links (versions_url) built from the base URL, so both jobs need it.
    const publicBaseUrl =
      settings.publicBaseUrl ?? ssm.StringParameter.valueForStringParameter(this, names.baseUrlParameter);
    const delivery = job('delivery', publicBaseUrl);
    new scheduler.Schedule(this, 'DeliverySchedule', {
      scheduleName: names.deliverySchedule,
      scheduleGroup: group,
      description: 'Daily webhook delivery run (spec: once daily, 14:00 UTC)',
      schedule: scheduler.ScheduleExpression.expression(
        DELIVERY_SCHEDULE.expression,
        TimeZone.of(DELIVERY_SCHEDULE.timeZone),
      ),
      timeWindow: scheduler.TimeWindow.off(),
      target: delivery.target({ ...DELIVERY_INPUT }),
    });
    // The schedule itself failing to invoke the job is a delivery failure too.
    new cloudwatch.Alarm(this, 'DeliveryInvocationFailures', {
      alarmName: `${names.deliverySchedule}-invocation-failures`,
      alarmDescription: 'The scheduler could not invoke the delivery job (target errors or dropped events)',
      metric: new cloudwatch.MathExpression({
        expression: 'errors + dropped',
        usingMetrics: {
          errors: group.metricTargetErrors({ statistic: 'Sum' }),
          dropped: group.metricDropped({ statistic: 'Sum' }),
        },
        period: Duration.minutes(5),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(alarmAction);

    const fetch = job('fetch', publicBaseUrl);
    for (const source of props.sources) {
      new scheduler.Schedule(this, `Fetch-${source.source_id}`, {
        scheduleName: names.fetchSchedule(source.source_id),
        scheduleGroup: fetchGroup,
        description: `Fetch run for ${source.source_id} (publishes ${source.cadence})`,
        schedule: scheduler.ScheduleExpression.expression(fetchScheduleFor(source), TimeZone.of('UTC')),
        timeWindow: scheduler.TimeWindow.flexible(Duration.minutes(10)),
        target: fetch.target(fetchInput(source.source_id)),
      });
    }
    new scheduler.Schedule(this, 'ResumeLoads', {
      scheduleName: names.resumeLoadsSchedule,
      scheduleGroup: fetchGroup,
      description: 'Resumes loads a fetch run left at a checkpoint (a file larger than one invocation can load)',
      schedule: scheduler.ScheduleExpression.expression(RESUME_LOADS_SCHEDULE),
      timeWindow: scheduler.TimeWindow.off(),
      target: fetch.target({ ...RESUME_LOADS_INPUT }),
    });
    this.functions = new Map([
      ['delivery', delivery.sf],
      ['fetch', fetch.sf],
    ]);
  }
}
