// Every background job the server runs (started by app.ts, stopped when it closes).
import { licenceReminderJob } from './licence-reminder';
import { purgeJob } from './purge';
import { maintenanceEventsJob } from './maintenance-events';

export const JOBS = [licenceReminderJob, purgeJob, maintenanceEventsJob];

export { runJob, startJobs, type JobRun, type Scheduler } from './scheduler';
export { defineJob, LockKey, type JobDefinition } from './job';
