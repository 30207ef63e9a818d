// Every background job the server runs (started by app.ts, stopped when it closes).
import { licenceReminderJob } from './licence-reminder';
import { purgeJob } from './purge';
import { auditRetentionJob } from './audit-retention';

export const JOBS = [licenceReminderJob, purgeJob, auditRetentionJob];

export { runJob, startJobs, type JobRun, type Scheduler } from './scheduler';
export { defineJob, LockKey, type JobDefinition } from './job';
