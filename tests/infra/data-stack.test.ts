import { Match } from 'aws-cdk-lib/assertions';
import { GENERATED_SECRETS, namesFor } from '../../infra/naming';
import { TABLE_SPECS } from '../../shared/storage/table-specs';
import { everyGrantedGroup, resourcesOf, type Synth, synth } from './synth';

describe('data stack: the stateful resources', () => {
  let s: Synth;
  const names = namesFor('warrant-test');
  beforeAll(() => {
    // Every grant entry, so every kind of secret a function can be given is in the templates.
    s = synth({ routes: everyGrantedGroup() });
  });
  afterAll(() => s.cleanup());

  it('keeps the archive bucket private, TLS-only, versioned, encrypted and retained', () => {
    s.data.resourceCountIs('AWS::S3::Bucket', 1);
    s.data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      },
    });
    s.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('declares the five tables on demand with point-in-time recovery, the GSIs the code uses, retained', () => {
    s.data.resourceCountIs('AWS::DynamoDB::Table', TABLE_SPECS.length);
    for (const spec of TABLE_SPECS) {
      s.data.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: {
          TableName: names.table(spec.kind),
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: spec.gsis.map((g) => ({
            IndexName: g,
            KeySchema: [
              { AttributeName: `${g}pk`, KeyType: 'HASH' },
              { AttributeName: `${g}sk`, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
        },
      });
    }
  });

  it('generates its secrets at deploy time and retains them; the template holds no value', () => {
    const secrets = Object.values(resourcesOf(s.data, 'AWS::SecretsManager::Secret'));
    expect(secrets.map((r) => r.Properties!.Name).sort()).toEqual(GENERATED_SECRETS.map((k) => names.secret(k)).sort());
    for (const r of secrets) {
      expect(r.DeletionPolicy).toBe('Retain');
      expect(r.Properties).toHaveProperty('GenerateSecretString');
      expect(r.Properties).not.toHaveProperty('SecretString');
    }
  });

  it('puts no key material anywhere in the synthesized templates', () => {
    const text = JSON.stringify(s.all.map((t) => t.toJSON()));
    expect(/-----BEGIN|PRIVATE KEY|seed_b64url/.test(text)).toBe(false);
    // Secrets reach functions only as dynamic references resolved by CloudFormation at deploy time.
    const injected = [...text.matchAll(/"(API_KEY_PEPPER|ADMIN_API_KEY|WEBHOOK_SECRET_KEY)":("[^"]*")/g)];
    expect(new Set(injected.map((m) => m[1]))).toEqual(
      new Set(['API_KEY_PEPPER', 'ADMIN_API_KEY', 'WEBHOOK_SECRET_KEY']),
    );
    for (const m of injected) {
      expect(JSON.parse(m[2]!)).toMatch(/^\{\{resolve:secretsmanager:warrant-test\/[a-z-]+:SecretString:::\}\}$/);
    }
    // The signing key is referenced by its name only.
    expect(text).toContain(`"SIGNING_KEY_SECRET_ID":"${s.context.signingKeySecretName}"`);
  });

  it('is environment-agnostic: synthesis needed no account or region', () => {
    const text = JSON.stringify(s.data.toJSON());
    expect(/\b\d{12}\b/.test(text)).toBe(false);
  });
});
