import { randomBytes } from 'node:crypto';
import { ensureStorage } from '../../../shared/aws/bootstrap';
import { buildDeps } from '../../../shared/aws/deps';
import { parseConfig } from '../../../shared/config';
import { type Engines, startEngines } from '../../../shared/local/engines';
import { createLogger } from '../../../shared/log';
import { listAttempts } from '../../../shared/subscriptions/delivery-log';
import { insertSubscription } from '../../../shared/subscriptions/store';
import { change, seedChanges } from './fixtures';

describe('the delivery job Lambda (EventBridge Scheduler event)', () => {
  let engines: Engines;
  const saved = { ...process.env };
  let deps: ReturnType<typeof buildDeps>;
  beforeAll(async () => {
    engines = await startEngines();
    const suffix = randomBytes(4).toString('hex');
    const env = {
      STORAGE: 'local',
      TABLE_PREFIX: `d${suffix}-`,
      ARCHIVE_BUCKET: `delivery-${suffix}`,
      DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
      S3_ENDPOINT: engines.s3Endpoint,
      SIGNING_KEY_SOURCE: 'none',
      LOG_LEVEL: 'silent',
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
    };
    Object.assign(process.env, env);
    const config = parseConfig(env);
    deps = buildDeps(config, { logger: createLogger('silent') });
    await ensureStorage(config, deps.clients);
  });
  afterAll(async () => {
    process.env = saved;
    deps.clients.dynamodb.destroy();
    await engines.stop();
  });

  it('runs the delivery over the configured tables and re-checks the address before sending', async () => {
    // A subscription whose host is (now) loopback: the run must refuse it at delivery time.
    const { sub } = await insertSubscription(deps.tables.subscriptions, {
      owner: 'k1',
      webhook_url: 'https://127.0.0.1/hook',
      codes: [],
      source_ids: [],
      cursor: 0,
      secret: 'whsec_x',
      now: new Date(),
      secretKey: deps.config.webhooks.secretKey,
    });
    await seedChanges(deps.tables.archive, [change(1, new Date().toISOString())]);
    const { handler } =
      require('../../../functions/delivery/handler') as typeof import('../../../functions/delivery/handler');

    // Too little time left: nothing is started, the cursor waits for the next run.
    const deferred = await handler(
      { job: 'delivery', scheduled_time: '2025-06-10T14:00:00Z' },
      { getRemainingTimeInMillis: () => 1_000 },
    );
    expect(deferred).toMatchObject({ subscriptions: 1, deferred: 1, attempted: 0 });

    const stats = await handler({ job: 'delivery' }, { getRemainingTimeInMillis: () => 900_000 });
    expect(stats).toMatchObject({ subscriptions: 1, attempted: 1, failed: 1, delivered: 0 });
    const log = await listAttempts(deps.tables.subscriptions, sub.id, { limit: 10, offset: 0 });
    // The log says only why in class terms, never the address or the socket error.
    expect(log.items[0]).toMatchObject({ ok: false, status_code: null, error: 'blocked_address' });
  });
});
