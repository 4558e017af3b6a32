import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { statementsFor } from '../constructs/access';
import { ServiceFunction } from '../constructs/service-function';
import { environmentFor } from '../environment';
import { grantFor } from '../grants';
import { groupsOf, type RouteEntry } from '../manifest';
import type { Names } from '../naming';
import { profileFor } from '../profiles';
import type { Settings } from '../settings';

export interface ApiStackProps extends StackProps {
  names: Names;
  settings: Settings;
  routes: readonly RouteEntry[];
}

/** The group that answers paths no route names, so an unknown path is a problem+json 404. */
export const FALLBACK_GROUP = 'meta';

/**
 * The stateless API: one Lambda per endpoint group and an HTTP API mapping each route of
 * routes.generated.json to its group's Lambda. Stateful resources are reached by name only.
 */
export class ApiStack extends Stack {
  readonly url: string;
  readonly functions: ReadonlyMap<string, ServiceFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { names, settings } = props;
    const topic = sns.Topic.fromTopicArn(
      this,
      'AlarmTopic',
      this.formatArn({ service: 'sns', resource: names.alarmTopic }),
    );

    const api = new apigw.HttpApi(this, 'Http', { apiName: names.prefix, createDefaultStage: false });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/http-api/${names.prefix}`,
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: settings.apiRateLimit, burstLimit: settings.apiBurstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.url = settings.publicBaseUrl ?? api.apiEndpoint;

    const functions = new Map<string, ServiceFunction>();
    for (const group of groupsOf(props.routes)) {
      const grant = grantFor('group', group);
      const sf = new ServiceFunction(this, `Group-${group}`, {
        name: group,
        functionName: names.fn(group),
        bundleDir: settings.bundleDir,
        sourceMaps: settings.sourceMaps,
        profile: profileFor('group', group),
        environment: environmentFor(grant, { names, settings, publicBaseUrl: this.url, apiEndpoint: api.apiEndpoint }),
        statements: statementsFor(this, grant, { names, signingKey: settings.signingKey }),
        alarmTopic: topic,
      });
      functions.set(group, sf);
    }
    this.functions = functions;

    // One integration per group; its single invoke permission covers all the group's routes
    // (a permission per route would outgrow the function's resource-policy size limit).
    const integrations = new Map(
      [...functions].map(([group, sf]) => [
        group,
        new HttpLambdaIntegration(`Integration-${group}`, sf.fn, { scopePermissionToRoute: false }),
      ]),
    );
    for (const r of props.routes) {
      new apigw.HttpRoute(this, `Route ${r.method} ${r.path}`, {
        httpApi: api,
        routeKey: apigw.HttpRouteKey.with(r.path, r.method as apigw.HttpMethod),
        integration: integrations.get(r.group)!,
      });
    }
    const fallback = integrations.get(FALLBACK_GROUP);
    if (fallback) {
      new apigw.HttpRoute(this, 'Route $default', {
        httpApi: api,
        routeKey: apigw.HttpRouteKey.DEFAULT,
        integration: fallback,
      });
    }

    new cloudwatch.Alarm(this, 'Api5xx', {
      alarmName: `${names.prefix}-api-5xx`,
      alarmDescription: 'The HTTP API answered 5xx (a group failed or an integration error)',
      metric: new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName: '5xx',
        dimensionsMap: { ApiId: api.apiId, Stage: stage.stageName },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new actions.SnsAction(topic));

    // The jobs stack reads this at deploy time: no CloudFormation export ties the two stacks.
    new ssm.StringParameter(this, 'BaseUrl', {
      parameterName: names.baseUrlParameter,
      stringValue: this.url,
      description: 'Public base URL of the API (links in change records and webhook bodies)',
    });
    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint, description: 'The HTTP API endpoint' });
  }
}
