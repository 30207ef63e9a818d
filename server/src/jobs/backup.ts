// Scheduled backups (issue #15 point 6): `backup.scheduleCron` (croner, in the operation's
// time zone) is read from the system configuration, so a change on the configuration page
// takes effect at once when saved on this instance (and within a minute on the others) without
// a restart; an empty or invalid expression schedules nothing. Each run writes a backup under
// the backup advisory lock (one instance at a time: another instance's tick finds it held and
// skips) and keeps `backup.retentionCount` scheduled backups.
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { AppError } from '../lib/app-error';
import type { Scheduler } from './scheduler';

/** How often the configured expression is re-read. */
const RELOAD_MS = 60_000;

export function startBackupSchedule(
  services: Services,
  log: FastifyBaseLogger,
  timezone: string,
): Scheduler {
  let pattern: string | null = null;
  let cron: Cron | null = null;
  let stopped = false;
  const running = new Set<Promise<unknown>>();

  const run = () => {
    if (stopped) return;
    const started = performance.now();
    const p = services.backup
      .create('scheduled')
      .then((item) =>
        log.info(
          { job: 'backup', id: item.id, durationMs: Math.round(performance.now() - started) },
          'job backup ran',
        ),
      )
      .catch((err: unknown) => {
        if (err instanceof AppError && err.error === 'BACKUP_BUSY') {
          log.info({ job: 'backup' }, 'job backup skipped: another backup or restore is running');
        } else {
          log.error({ err, job: 'backup' }, 'job backup failed');
        }
      })
      .finally(() => running.delete(p));
    running.add(p);
  };

  const reload = async () => {
    let next: string;
    try {
      next = (await services.config.get('backup.scheduleCron')).trim();
    } catch (err) {
      log.warn({ err }, 'backup schedule: could not read the configuration');
      return;
    }
    if (stopped || next === pattern) return;
    pattern = next;
    cron?.stop();
    cron = null;
    if (!next) return;
    try {
      cron = new Cron(next, { timezone, protect: true }, run);
    } catch (err) {
      log.warn(
        { err, pattern: next },
        'backup schedule: invalid cron expression, nothing scheduled',
      );
    }
  };

  void reload();
  const timer = setInterval(() => void reload(), RELOAD_MS);
  timer.unref();
  const unsubscribe = services.config.onChange(() => void reload());
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      cron?.stop();
      await Promise.all(running);
    },
  };
}
