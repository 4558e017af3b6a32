import { GetScheduleCommand } from '@aws-sdk/client-scheduler';
import type { Config } from '../config';
import { type Clock, type DependencyProbe, type Deps, systemClock } from '../deps';
import { createLogger, type Logger } from '../log';
import { TABLE_KINDS, type TableKind } from '../storage/table-specs';
import { type AwsClients, createAwsClients } from './clients';
import { DynamoTable } from './dynamo-table';
import { S3Blobs } from './s3-blobs';

/** Wire the storage adapters for a config: the same code on Lambda, in `npm start` and in tests. */
export function buildDeps(
  config: Config,
  opts: { clock?: Clock; logger?: Logger; clients?: AwsClients } = {},
): Deps & { clients: AwsClients } {
  const clients = opts.clients ?? createAwsClients(config);
  const tables = Object.fromEntries(
    TABLE_KINDS.map((k) => [k, new DynamoTable(clients.dynamodb, config.tables[k])]),
  ) as Record<TableKind, DynamoTable>;
  const blobs = new S3Blobs(clients.s3, config.bucket);
  const probes: DependencyProbe[] = [
    { name: 'dynamodb', check: () => tables.archive.probe() },
    { name: 's3', check: () => blobs.probe() },
  ];
  const { scheduler } = clients;
  const scheduleName = config.scheduler.scheduleName;
  if (scheduler && scheduleName) {
    probes.push({
      name: 'scheduler',
      check: async () => {
        await scheduler.send(new GetScheduleCommand({ Name: scheduleName, GroupName: config.scheduler.groupName }));
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
