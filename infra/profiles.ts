/**
 * Memory and timeout per function. API groups stay under API Gateway's 30-second integration
 * limit; jobs may run up to Lambda's 15 minutes. On arm64, memory also buys CPU, so the groups
 * that hash, render or sign get more of it.
 */
export interface FunctionProfile {
  memoryMb: number;
  timeoutSeconds: number;
  /** /tmp size; Lambda's default is 512. */
  ephemeralMb?: number;
}

export const DEFAULT_GROUP_PROFILE: FunctionProfile = { memoryMb: 512, timeoutSeconds: 10 };

export const GROUP_PROFILES: Readonly<Record<string, FunctionProfile>> = {
  meta: { memoryMb: 256, timeoutSeconds: 10 },
  admin: { memoryMb: 256, timeoutSeconds: 10 },
  archive: { memoryMb: 1024, timeoutSeconds: 29 },
  warrant: { memoryMb: 1024, timeoutSeconds: 15 },
  /** Tool calls run the warrant, archive and exclusion reads (a 1,000-item screen included) in process. */
  mcp: { memoryMb: 1024, timeoutSeconds: 29 },
  /**
   * Registration resolves the webhook host; a redelivery resolves it (up to 5 s) and then POSTs
   * (up to 10 s) before logging the attempt, so the budget covers both plus the table writes.
   */
  subscriptions: { memoryMb: 512, timeoutSeconds: 25 },
};

export const JOB_PROFILES: Readonly<Record<string, FunctionProfile>> = {
  /** Bounded-concurrency POSTs, each capped at 10 s by the spec. */
  delivery: { memoryMb: 1024, timeoutSeconds: 900 },
  /** Streams and hashes publisher files, opens zips, renders text. */
  fetch: { memoryMb: 2048, timeoutSeconds: 900, ephemeralMb: 4096 },
};

export function profileFor(kind: 'group' | 'job', name: string): FunctionProfile {
  if (kind === 'job') {
    const p = JOB_PROFILES[name];
    if (!p) throw new Error(`job ${name} has no entry in infra/profiles.ts`);
    return p;
  }
  return GROUP_PROFILES[name] ?? DEFAULT_GROUP_PROFILE;
}
