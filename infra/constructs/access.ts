import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { TableKind } from '../../shared/storage/table-specs';
import { BUCKET_PREFIXES, type Grant, type TableAccess } from '../grants';
import type { Names } from '../naming';
import type { SigningKeyRef } from '../settings';

/** Exactly the DynamoDB calls the Table port makes (shared/aws/dynamo-table.ts), per access level. */
const READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'];
const TABLE_ACTIONS: Readonly<Record<TableAccess, readonly string[]>> = {
  read: READ,
  readWrite: [...READ, ...WRITE],
  readWriteDelete: [...READ, ...WRITE, 'dynamodb:DeleteItem'],
};

export interface AccessContext {
  names: Names;
  signingKey: SigningKeyRef;
}

/**
 * The IAM statements for one grant. Resources are named ARNs built from the deterministic names,
 * never wildcards over a service, and no statement carries a delete on the bucket.
 */
export function statementsFor(scope: Construct, grant: Grant, ctx: AccessContext): iam.PolicyStatement[] {
  const stack = Stack.of(scope);
  const out: iam.PolicyStatement[] = [];
  for (const [kind, access] of Object.entries(grant.tables ?? {}) as [TableKind, TableAccess][]) {
    const tableArn = stack.formatArn({ service: 'dynamodb', resource: 'table', resourceName: ctx.names.table(kind) });
    out.push(
      new iam.PolicyStatement({ actions: [...TABLE_ACTIONS[access]], resources: [tableArn, `${tableArn}/index/*`] }),
    );
  }
  const bucketArn = `arn:${stack.partition}:s3:::${ctx.names.bucket}`;
  const objects = (prefixes: readonly (keyof typeof BUCKET_PREFIXES)[]) =>
    prefixes.map((p) => `${bucketArn}/${BUCKET_PREFIXES[p]}*`);
  if (grant.bucket?.read?.length) {
    out.push(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: objects(grant.bucket.read) }));
  }
  if (grant.bucket?.write?.length) {
    out.push(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:AbortMultipartUpload'],
        resources: objects(grant.bucket.write),
      }),
    );
  }
  if (grant.bucket?.list) {
    out.push(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucketArn] }));
  }
  if (grant.signingKey && ctx.signingKey.kind !== 'none') {
    out.push(signingKeyStatement(stack, ctx.signingKey));
  }
  if (grant.deliverySchedule) {
    const resourceName = `${ctx.names.scheduleGroup}/${ctx.names.deliverySchedule}`;
    out.push(
      new iam.PolicyStatement({
        actions: ['scheduler:GetSchedule'],
        resources: [stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName })],
      }),
    );
  }
  return out;
}

function signingKeyStatement(stack: Stack, ref: Exclude<SigningKeyRef, { kind: 'none' }>): iam.PolicyStatement {
  if (ref.kind === 'secret') {
    return new iam.PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: [secretArn(stack, ref.name)],
    });
  }
  const resourceName = ref.name.replace(/^\//, '');
  return new iam.PolicyStatement({
    actions: ['ssm:GetParameter'],
    resources: [stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName })],
  });
}

/** A secret named without its random six-character suffix: match the suffix, nothing wider. */
function secretArn(stack: Stack, name: string): string {
  return stack.formatArn({
    service: 'secretsmanager',
    resource: 'secret',
    resourceName: `${name}-??????`,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}
