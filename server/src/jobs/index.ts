// Every background job the server runs (started by app.ts, stopped when it closes).
import { licenceReminderJob } from './licence-reminder';
import { purgeJob } from './purge';
import { teamPendingReminderJob } from './team-pending-reminder';
import { teamStartFinishJob } from './team-start-finish';

export const JOBS = [licenceReminderJob, purgeJob, teamStartFinishJob, teamPendingReminderJob];

export { runJob, startJobs, type JobRun, type Scheduler } from './scheduler';
export { defineJob, LockKey, type JobDefinition } from './job';
