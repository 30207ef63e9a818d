// Hourly (issue #14 point 3): drafts and committed plans older than PLAN_TTL_HOURS are
// dropped; the assignments a commit made stay (they are the team's).
import { PLAN_TTL_HOURS } from '@console/shared';
import { defineJob, LockKey } from './job';

export const allocationPlanPurgeJob = defineJob({
  name: 'allocation-plan-purge',
  schedule: '29 * * * *',
  lock: LockKey.AllocationPlanPurge,
  run: ({ tx, services, now }) =>
    services.allocation.purgePlans(tx, new Date(now.getTime() - PLAN_TTL_HOURS * 3_600_000)),
});
