import type { Config } from '../config';
import { type Clock, type DependencyProbe, type Deps, systemClock } from '../deps';
import { createLogger, type Logger } from '../log';
import { TABLE_KINDS, type TableKind } from '../storage/table-specs';
import { type AwsClients, createAwsClients, loadS3, loadScheduler } from './clients';
import { DynamoTable } from './dynamo-table';
import { lazyBlobs } from './lazy-blobs';

/** Wire the storage adapters for a config: the same code on Lambda, in `npm start` and in tests. */
export function buildDeps(
  config: Config,
  opts: { clock?: Clock; logger?: Logger; clients?: AwsClients } = {},
): Deps & { clients: AwsClients } {
  const clients = opts.clients ?? createAwsClients(config);
  const tables = Object.fromEntries(
    TABLE_KINDS.map((k) => [k, new DynamoTable(clients.dynamodb, config.tables[k])]),
  ) as Record<TableKind, DynamoTable>;
  // The S3 adapter and client are built on the first blob call (./clients.ts `loadS3`).
  const blobs = lazyBlobs(
    config.bucket,
    () => new (loadS3().S3Blobs)(clients.s3, config.bucket, { emulator: Boolean(config.endpoints.s3) }),
  );
  const probes: DependencyProbe[] = [
    { name: 'dynamodb', check: () => tables.archive.probe() },
    { name: 's3', check: () => blobs.probe() },
  ];
  const scheduleName = config.scheduler.scheduleName;
  if (scheduleName) {
    probes.push({
      name: 'scheduler',
      check: async () => {
        const { GetScheduleCommand } = loadScheduler();
        await clients.scheduler?.send(
          new GetScheduleCommand({ Name: scheduleName, GroupName: config.scheduler.groupName }),
        );
      },
    });
  }
  return {
    config,
    clock: opts.clock ?? systemClock,
    logger: opts.logger ?? createLogger(config.logLevel),
    tables,
    blobs,
    probes,
    clients,
  };
}
