import { randomBytes } from 'node:crypto';
import { ensureStorage } from '../../shared/aws/bootstrap';
import { buildDeps } from '../../shared/aws/deps';
import { parseConfig } from '../../shared/config';
import { type Engines, startEngines } from '../../shared/local/engines';
import { httpApiEvent, lambdaContext } from '../helpers/lambda-events';

type LambdaResult = { statusCode: number; body: string; headers?: Record<string, string> };

describe('a group Lambda handler under an API Gateway v2 event', () => {
  let engines: Engines;
  const saved = { ...process.env };
  beforeAll(async () => {
    engines = await startEngines();
    const suffix = randomBytes(4).toString('hex');
    const env = {
      STORAGE: 'local',
      TABLE_PREFIX: `l${suffix}-`,
      ARCHIVE_BUCKET: `lambda-${suffix}`,
      DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
      S3_ENDPOINT: engines.s3Endpoint,
      SIGNING_KEY_SOURCE: 'none',
      LOG_LEVEL: 'silent',
    };
    Object.assign(process.env, env);
    const config = parseConfig(env);
    await ensureStorage(config, buildDeps(config).clients);
  });
  afterAll(async () => {
    process.env = saved;
    await engines.stop();
  });

  it('answers /health/deep against the emulators', async () => {
    const { handler } = require('../../functions/meta/handler') as typeof import('../../functions/meta/handler');
    const res = (await handler(httpApiEvent('GET', '/health/deep') as never, lambdaContext as never)) as LambdaResult;
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).status).toBe('ok');
  });

  it('renders a problem for an unknown path inside the group', async () => {
    const { handler } = require('../../functions/meta/handler') as typeof import('../../functions/meta/handler');
    const res = (await handler(httpApiEvent('GET', '/nowhere') as never, lambdaContext as never)) as LambdaResult;
    expect(res.statusCode).toBe(404);
    expect(res.headers?.['content-type']).toBe('application/problem+json');
  });
});
