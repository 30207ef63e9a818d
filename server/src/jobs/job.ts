// One way to declare a background job (architecture.md, "Cross-cutting homes"): a name, a
// cron schedule in the operation's time zone, an advisory-lock key so one instance runs it at
// a time (architecture.md, "Scale-out"), and the work, given a transaction and the services.
import type { Tx } from '../db/types';
import type { Services } from '../services';
import type { LockKey } from '../db/locks';
import type { Emit } from '../events/bus';

export { LockKey } from '../db/locks';

export interface JobContext {
  /** The run's transaction; it holds the job's lock until it ends. */
  tx: Tx;
  services: Services;
  now: Date;
  /** Publishes a live event once the run's transaction committed. */
  emit: Emit;
}

export interface JobDefinition {
  name: string;
  /** A cron expression (croner), read in the operation's time zone. */
  schedule: string;
  lock: LockKey;
  /** Runs once when the scheduler starts too (a reminder must not wait for the next day). */
  runAtStart?: boolean;
  /** The work; what it returns is logged with the run. */
  run(ctx: JobContext): Promise<Record<string, unknown>>;
}

export const defineJob = (job: JobDefinition): JobDefinition => job;
