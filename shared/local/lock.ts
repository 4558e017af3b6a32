import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The running local server advertises its engines in `<dataDir>/engines.json`. LevelDB allows one
 * owner, so CLIs (archive import, key admin) reach the live engines through this file instead of
 * opening the data folder a second time.
 */
export interface EngineAdvert {
  pid: number;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  baseUrl: string;
  startedAt: string;
}

const FILE = 'engines.json';

export function advertiseEngines(dataDir: string, advert: EngineAdvert): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = path.join(dataDir, `${FILE}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(advert, null, 2));
  fs.renameSync(tmp, path.join(dataDir, FILE));
}

export function withdrawEngines(dataDir: string): void {
  const file = path.join(dataDir, FILE);
  try {
    const current = JSON.parse(fs.readFileSync(file, 'utf8')) as EngineAdvert;
    if (current.pid === process.pid) fs.rmSync(file, { force: true });
  } catch {
    // nothing advertised
  }
}

/** The advert of a live server on this data folder, or undefined when none runs. */
export function findLiveEngines(dataDir: string): EngineAdvert | undefined {
  let advert: EngineAdvert;
  try {
    advert = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), 'utf8')) as EngineAdvert;
  } catch {
    return undefined;
  }
  try {
    process.kill(advert.pid, 0);
    return advert;
  } catch {
    return undefined;
  }
}
