import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Config } from '../config';

/** Static credentials for the embedded engines; they check no signatures. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface AwsClients {
  dynamodb: DynamoDBClient;
  /** Built on first read (see `loadS3`). */
  readonly s3: S3Client;
  /** Built on first read (see `loadScheduler`); undefined when no schedule is configured. */
  readonly scheduler?: SchedulerClient;
}

/**
 * The S3 and Scheduler SDK code, required on first use rather than at cold start: most requests of
 * most Lambdas touch only DynamoDB, and evaluating the S3 client's modules is a good part of a
 * bundle's load time (infra/DEPLOY.md "Bundles"). `require`, not `import()`, so the clients stay
 * synchronous getters; esbuild keeps the modules in the bundle and runs them on the first call.
 */
export const loadS3 = (): typeof import('./s3') => require('./s3');
export const loadScheduler = (): typeof import('./scheduler') => require('./scheduler');

/**
 * One place that constructs SDK clients. Locally they point at dynalite and s3rver; on AWS they use
 * the Lambda's role. `requestChecksumCalculation: WHEN_REQUIRED` keeps bodies byte-exact on s3rver.
 * DynamoDB's client is built at once; S3's and the Scheduler's on first read.
 */
export function createAwsClients(config: Config): AwsClients {
  const local = config.storage === 'local' || Boolean(config.endpoints.dynamodb || config.endpoints.s3);
  const credentials = config.storage === 'local' ? LOCAL_CREDENTIALS : undefined;
  const dynamodb = new DynamoDBClient({
    region: config.region,
    endpoint: config.endpoints.dynamodb,
    credentials,
    maxAttempts: local ? 2 : 3,
  });
  let s3: S3Client | undefined;
  let scheduler: SchedulerClient | undefined;
  return {
    dynamodb,
    get s3() {
      s3 ??= new (loadS3().S3Client)({
        region: config.region,
        endpoint: config.endpoints.s3,
        credentials,
        forcePathStyle: Boolean(config.endpoints.s3),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: local ? 2 : 3,
      });
      return s3;
    },
    get scheduler() {
      if (!config.scheduler.scheduleName) return undefined;
      scheduler ??= new (loadScheduler().SchedulerClient)({ region: config.region });
      return scheduler;
    },
  };
}
