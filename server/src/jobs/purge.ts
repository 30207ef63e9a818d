// Hourly housekeeping: sessions past their idle or absolute timeout (they are refused anyway,
// plugins/session.ts) and sign-in throttle rows nobody has failed from for a day.
import { defineJob, LockKey } from './job';

export const purgeJob = defineJob({
  name: 'purge',
  schedule: '17 * * * *',
  lock: LockKey.Purge,
  run: ({ tx, services, now }) => services.auth.purgeExpired(tx, now),
});
