// Hourly (issue 30): sessions served and browser reports per section version are kept
// SECTION_REPORT_LIMITS.retentionDays (the section versions page looks back a day at most);
// older rows go, so reports are data, not a way to fill the disk.
import { defineJob, LockKey } from './job';

export const sectionHealthPurgeJob = defineJob({
  name: 'section-health-purge',
  schedule: '23 * * * *',
  lock: LockKey.SectionHealthPurge,
  run: ({ tx, services, now }) => services.sectionHealth.purge(tx, now),
});
