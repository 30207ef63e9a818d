// Every minute (issue #16): maintenance windows that came into force or ended by the clock in
// the minute just past publish `scenic.maintenance.started` / `ended` (windows created, moved
// or removed while in force publish theirs with the write). Minutes are aligned, so runs on
// any instance cover each minute once; the lock keeps a second instance from repeating it.
import { defineJob, LockKey } from './job';

const MINUTE = 60_000;

export const maintenanceEventsJob = defineJob({
  name: 'maintenance-events',
  schedule: '* * * * *',
  lock: LockKey.MaintenanceEvents,
  async run({ tx, services, now, emit }) {
    const to = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
    const from = new Date(to.getTime() - MINUTE);
    let started = 0;
    let ended = 0;
    for (const w of await services.scenic.windows.transitions(tx, from, to)) {
      if (w.startAt > from && w.startAt <= to) {
        emit({ type: 'scenic.maintenance.started', spotId: w.spotId, windowId: w.id });
        started++;
      }
      if (w.endAt > from && w.endAt <= to) {
        emit({ type: 'scenic.maintenance.ended', spotId: w.spotId, windowId: w.id });
        ended++;
      }
    }
    return { started, ended };
  },
});
