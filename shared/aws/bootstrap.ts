import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { BucketAlreadyOwnedByYou, CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { TABLE_SPECS } from '../storage/table-specs';

/**
 * Create the tables and the archive bucket when absent (local mode and tests; on AWS the CDK data
 * stack owns them). Idempotent: running it twice, or against existing storage, changes nothing.
 */
export async function ensureStorage(config: Config, clients: { dynamodb: DynamoDBClient; s3: S3Client }) {
  await Promise.all(TABLE_SPECS.map((spec) => ensureTable(clients.dynamodb, config.tables[spec.kind], spec.gsis)));
  await ensureBucket(clients.s3, config.bucket);
}

async function ensureTable(ddb: DynamoDBClient, name: string, gsis: readonly string[]) {
  try {
    await ddb.send(new DescribeTableCommand({ TableName: name }));
    return;
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
  }
  const attrs = new Set(['pk', 'sk', ...gsis.flatMap((g) => [`${g}pk`, `${g}sk`])]);
  try {
    await ddb.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: gsis.length
          ? gsis.map((g) => ({
              IndexName: g,
              KeySchema: [
                { AttributeName: `${g}pk`, KeyType: 'HASH' },
                { AttributeName: `${g}sk`, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            }))
          : undefined,
      }),
    );
  } catch (e) {
    if (!(e instanceof ResourceInUseException)) throw e;
  }
}

async function ensureBucket(s3: S3Client, bucket: string) {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch {
    // absent: create below
  }
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (e) {
    if (!(e instanceof BucketAlreadyOwnedByYou) && (e as { name?: string }).name !== 'BucketAlreadyExists') throw e;
  }
}
