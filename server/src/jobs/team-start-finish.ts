// Hourly and at start-up (issue #13 point 4): allocated teams whose start day has begun become
// `ongoing`, ongoing teams whose end day is over become `completed` (local days in the
// operation's time zone), each through moveTeam with the system as actor, so the status history
// and the audit trail say who did it. The advisory lock keeps two instances from doing it
// twice; the rows are also taken FOR UPDATE SKIP LOCKED and moved only from the state read.
import { defineJob, LockKey } from './job';

export const teamStartFinishJob = defineJob({
  name: 'team-start-finish',
  // Every hour at minute 1 (00:01 is the first run of a new day), and at start-up.
  schedule: '1 * * * *',
  lock: LockKey.TeamStartFinish,
  runAtStart: true,
  run: ({ tx, services, now, emit }) => services.team.startAndFinish(tx, now, emit),
});
