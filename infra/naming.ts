import { Aws } from 'aws-cdk-lib';
import type { TableKind } from '../shared/storage/table-specs';

export const GENERATED_SECRETS = ['admin-api-key', 'api-key-pepper', 'webhook-secret-key'] as const;
export type GeneratedSecret = (typeof GENERATED_SECRETS)[number];

/**
 * Physical names, derived from one prefix. Deterministic names let the stateless stacks reach the
 * stateful resources without CloudFormation exports (so a stateless stack can be destroyed and
 * redeployed freely) and let an operator re-import retained tables and the bucket after a full
 * tear-down (see infra/DEPLOY.md).
 */
export interface Names {
  readonly prefix: string;
  table(kind: TableKind): string;
  /** Globally unique: the account and region are part of it. */
  readonly bucket: string;
  /** The delivery schedule's group (its own, so its metrics are the delivery job's alone). */
  readonly scheduleGroup: string;
  readonly deliverySchedule: string;
  readonly fetchScheduleGroup: string;
  fetchSchedule(sourceId: string): string;
  /** The schedule that resumes loads a fetch run left at a checkpoint (in the fetch group). */
  readonly resumeLoadsSchedule: string;
  fn(name: string): string;
  /** Generated secrets (data stack): admin API key, API-key pepper, webhook-secret encryption key. */
  secret(kind: GeneratedSecret): string;
  readonly alarmTopic: string;
  /** SSM parameter where the API stack publishes its base URL for the jobs stack. */
  readonly baseUrlParameter: string;
  stack(part: 'data' | 'api' | 'jobs'): string;
}

/** `prefix`: lowercase letters, digits and hyphens (it becomes part of the bucket name). */
export function namesFor(prefix: string, bucketOverride?: string): Names {
  if (!/^[a-z][a-z0-9-]{1,19}$/.test(prefix)) {
    throw new Error(`name prefix "${prefix}": 2-20 lowercase letters, digits or hyphens, starting with a letter`);
  }
  return {
    prefix,
    table: (kind) => `${prefix}-${kind}`,
    bucket: bucketOverride ?? `${prefix}-archive-${Aws.ACCOUNT_ID}-${Aws.REGION}`,
    scheduleGroup: prefix,
    deliverySchedule: `${prefix}-delivery`,
    fetchScheduleGroup: `${prefix}-fetch`,
    fetchSchedule: (sourceId) => `${prefix}-fetch-${sourceId}`.slice(0, 64),
    resumeLoadsSchedule: `${prefix}-resume-loads`,
    fn: (name) => `${prefix}-${name}`,
    secret: (kind) => `${prefix}/${kind}`,
    alarmTopic: `${prefix}-alarms`,
    baseUrlParameter: `/${prefix}/public-base-url`,
    stack: (part) => `${prefix}-${part}`,
  };
}
