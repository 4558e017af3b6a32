import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Config } from '../config';

/** Static credentials for the embedded engines; they check no signatures. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface AwsClients {
  dynamodb: DynamoDBClient;
  s3: S3Client;
  scheduler?: SchedulerClient;
}

/**
 * One place that constructs SDK clients. Locally they point at dynalite and s3rver; on AWS they use
 * the Lambda's role. `requestChecksumCalculation: WHEN_REQUIRED` keeps bodies byte-exact on s3rver.
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
  const s3 = new S3Client({
    region: config.region,
    endpoint: config.endpoints.s3,
    credentials,
    forcePathStyle: Boolean(config.endpoints.s3),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: local ? 2 : 3,
  });
  const scheduler = config.scheduler.scheduleName ? new SchedulerClient({ region: config.region }) : undefined;
  return { dynamodb, s3, scheduler };
}
