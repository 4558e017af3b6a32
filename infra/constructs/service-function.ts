import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Size } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { FunctionProfile } from '../profiles';

export interface ServiceFunctionProps {
  /** The group or job name: its bundle is <bundleDir>/<name>/index.js. */
  name: string;
  functionName: string;
  bundleDir: string;
  /** Deploy the `.map` files and turn on `--enable-source-maps` (default: neither). */
  sourceMaps?: boolean;
  profile: FunctionProfile;
  environment: Record<string, string>;
  statements: readonly iam.PolicyStatement[];
  alarmTopic: sns.ITopic;
}

/** The runtime every function runs on; esbuild targets the same Node major (scripts/build.mjs). */
export const RUNTIME = lambda.Runtime.NODEJS_22_X;

/** Files of a bundle folder that are never deployed unless source maps are on. */
export const SOURCE_MAP_FILES = ['**/*.map'];

/**
 * One Lambda built from an esbuild bundle folder (handler `index.handler`; cdk.json's build hook runs
 * scripts/build.mjs before synthesis), arm64, with its own log group, exactly the IAM statements of
 * its grant, and alarms on errors and throttles. The whole folder is the code (lazy files, assets)
 * except the source maps, unless `sourceMaps`.
 */
export class ServiceFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const assetDir = path.join(props.bundleDir, props.name);
    if (!fs.existsSync(path.join(assetDir, 'index.js'))) {
      throw new Error(
        `no bundle at ${path.join(assetDir, 'index.js')}: run npm run build first (cdk synth and deploy run it, cdk.json "build")`,
      );
    }
    const logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${props.functionName}`,
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.fn = new lambda.Function(this, 'Fn', {
      functionName: props.functionName,
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(assetDir, { exclude: props.sourceMaps ? [] : SOURCE_MAP_FILES }),
      memorySize: props.profile.memoryMb,
      timeout: Duration.seconds(props.profile.timeoutSeconds),
      ephemeralStorageSize: props.profile.ephemeralMb ? Size.mebibytes(props.profile.ephemeralMb) : undefined,
      environment: props.sourceMaps
        ? { ...props.environment, NODE_OPTIONS: '--enable-source-maps' }
        : props.environment,
      logGroup,
    });
    for (const s of props.statements) this.fn.addToRolePolicy(s);

    const alarm = (metricId: string, metric: cloudwatch.IMetric, description: string) =>
      new cloudwatch.Alarm(this, metricId, {
        alarmName: `${props.functionName}-${metricId.toLowerCase()}`,
        alarmDescription: description,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(new actions.SnsAction(props.alarmTopic));
    const period = Duration.minutes(5);
    alarm('Errors', this.fn.metricErrors({ period }), `${props.name}: invocations ended in an error`);
    alarm('Throttles', this.fn.metricThrottles({ period }), `${props.name}: invocations were throttled`);
  }
}
