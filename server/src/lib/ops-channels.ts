// What the operator's metrics (plugins/metrics.ts, `GET /metrics`) hear from parts of the
// server that know nothing of metrics: each publishes on a `node:diagnostics_channel` channel,
// which costs nothing while no one subscribes. One channel, one message shape.
import diagnosticsChannel from 'node:diagnostics_channel';

/** An allocation plan solved (modules/allocation/solver-thread.ts). */
export interface SolverRun {
  seconds: number;
  /** `highs`, or `greedy-fallback (…)` when the solver thread failed. */
  method: string;
}
export const solverRuns = diagnosticsChannel.channel('console:solver-run');

/** A backup written into the store (modules/backup/store.ts). */
export interface BackupStored {
  kind: string;
  /** When it began (its `createdAt`). */
  startedAt: string;
  bytes: number;
}
export const backupsStored = diagnosticsChannel.channel('console:backup-stored');

/** A live event heard from the bus, with how long after its commit (events/bus.ts). */
export interface EventDelivered {
  type: string;
  lagSeconds: number;
}
export const eventsDelivered = diagnosticsChannel.channel('console:event-delivered');
