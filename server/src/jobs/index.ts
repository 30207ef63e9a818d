// Every background job the server runs (started by app.ts, stopped when it closes).
import { licenceReminderJob } from './licence-reminder';
import { purgeJob } from './purge';
import { auditRetentionJob } from './audit-retention';
import { teamPendingReminderJob } from './team-pending-reminder';
import { teamStartFinishJob } from './team-start-finish';
import { maintenanceEventsJob } from './maintenance-events';
import { allocationPlanPurgeJob } from './allocation-plan-purge';
import { sectionHealthPurgeJob } from './section-health-purge';

export const JOBS = [
  licenceReminderJob,
  purgeJob,
  auditRetentionJob,
  teamStartFinishJob,
  teamPendingReminderJob,
  maintenanceEventsJob,
  allocationPlanPurgeJob,
  sectionHealthPurgeJob,
];

export { runJob, startJobs, type JobRun, type Scheduler } from './scheduler';
export { defineJob, LockKey, type JobDefinition } from './job';
