/** The EventBridge Scheduler client, required on first use (`loadScheduler` in ./clients.ts): only the health probe reads it. */
export { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
