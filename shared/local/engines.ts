import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

// Neither engine ships type declarations; they are used only here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynalite = require('dynalite') as (opts: Record<string, unknown>) => import('node:net').Server;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (
  opts: Record<string, unknown>,
) => { run(): Promise<AddressInfo>; close(): Promise<void> };

export interface Engines {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** Stop only the S3 engine (fault tests). */
  stopS3(): Promise<void>;
  stop(): Promise<void>;
}

export interface EngineOptions {
  /** Persist under this folder; omit for in-memory DynamoDB and a temporary S3 folder. */
  dataDir?: string;
  host?: string;
  dynamodbPort?: number;
  s3Port?: number;
}

/**
 * Start dynalite (DynamoDB) and s3rver (S3) inside this process. With a data folder they persist
 * to `<dataDir>/dynamodb` (LevelDB) and `<dataDir>/s3`; LevelDB allows one owner at a time, so a
 * second process must talk to the running one (see shared/local/lock.ts).
 */
export async function startEngines(opts: EngineOptions = {}): Promise<Engines> {
  const host = opts.host ?? '127.0.0.1';
  const s3Dir = opts.dataDir
    ? path.join(opts.dataDir, 's3')
    : fs.mkdtempSync(path.join(require('node:os').tmpdir(), 's3rver-'));
  if (opts.dataDir) fs.mkdirSync(path.join(opts.dataDir, 'dynamodb'), { recursive: true });
  fs.mkdirSync(s3Dir, { recursive: true });

  const ddb = dynalite({
    path: opts.dataDir ? path.join(opts.dataDir, 'dynamodb') : undefined,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    ddb.once('error', reject);
    ddb.listen(opts.dynamodbPort ?? 0, host, () => resolve());
  });
  const ddbPort = (ddb.address() as AddressInfo).port;

  const s3 = new S3rver({ port: opts.s3Port ?? 0, address: host, silent: true, directory: s3Dir });
  const s3Addr = await s3.run();
  let s3Running = true;

  const stopS3 = async () => {
    if (!s3Running) return;
    s3Running = false;
    await s3.close();
  };

  return {
    dynamodbEndpoint: `http://${host}:${ddbPort}`,
    s3Endpoint: `http://${host}:${s3Addr.port}`,
    stopS3,
    async stop() {
      await stopS3();
      await new Promise<void>((resolve) => ddb.close(() => resolve()));
      if (!opts.dataDir) fs.rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
