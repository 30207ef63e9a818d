// Runs the declared jobs on their cron schedules (croner) while the server runs. Each run takes
// its job's advisory lock inside a transaction: on several instances only one does the work,
// the others skip. Every run is logged with its duration.
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { JobDefinition } from './job';

export type JobRun =
  | { job: string; ran: false }
  | { job: string; ran: true; durationMs: number; result: Record<string, unknown> };

/** Runs one job now under its lock; `ran: false` when another instance holds it. */
export async function runJob(
  job: JobDefinition,
  services: Services,
  now = services.clock.now(),
): Promise<JobRun> {
  const started = performance.now();
  // Events the job emits reach the live streams once its transaction committed.
  return services.events.transaction(services.db, async (tx, emit) => {
    const res = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${job.lock}) as locked`,
    );
    const rows = (res as unknown as { rows?: { locked: boolean }[] }).rows ?? [];
    if (rows[0]?.locked === false) return { job: job.name, ran: false };
    const result = await job.run({ tx, services, now, emit });
    return {
      job: job.name,
      ran: true,
      durationMs: Math.round(performance.now() - started),
      result,
    };
  });
}

export interface Scheduler {
  /** Stops the schedules and waits for runs in progress. */
  stop(): Promise<void>;
}

export function startJobs(
  jobs: JobDefinition[],
  services: Services,
  log: FastifyBaseLogger,
  timezone: string,
): Scheduler {
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const trigger = (job: JobDefinition) => {
    if (stopped) return;
    const run = runJob(job, services)
      .then((r) => log.info(r, r.ran ? `job ${job.name} ran` : `job ${job.name} skipped`))
      .catch((err) => log.error({ err, job: job.name }, `job ${job.name} failed`))
      .finally(() => running.delete(run));
    running.add(run);
  };
  // `protect`: a run still in progress makes the next tick skip instead of overlapping.
  const crons = jobs.map(
    (job) => new Cron(job.schedule, { timezone, protect: true }, () => trigger(job)),
  );
  for (const job of jobs) if (job.runAtStart) trigger(job);
  return {
    async stop() {
      stopped = true;
      for (const c of crons) c.stop();
      await Promise.all(running);
    },
  };
}
