// Daily (issue #15 point 5): purges operation-log rows older than `audit.retentionDays`,
// keeping the chain verifiable (the last purged row's hash becomes the anchor, log.ts), and
// records the purge itself in the log.
import { defineJob, LockKey } from './job';
import { purgeBefore } from '../modules/audit/log';
import { recordAudit } from '../modules/audit/writer';

const DAY_MS = 24 * 60 * 60 * 1000;

export const auditRetentionJob = defineJob({
  name: 'audit-retention',
  // 03:40 in the operation's time zone.
  schedule: '40 3 * * *',
  lock: LockKey.AuditRetention,
  async run({ tx, services, now }) {
    // Read in the run's transaction: on PGlite (one connection) a read through the service's own
    // handle would wait for this transaction for ever once the cache has expired.
    const days = await services.config.get('audit.retentionDays', tx);
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const result = await purgeBefore(tx, cutoff);
    if (result.purged > 0) {
      await recordAudit(tx, {
        action: 'audit.purge',
        entityType: 'audit_log',
        entityId: result.anchorId ?? '',
        diff: {
          purgedThrough: { before: null, after: result.anchorId },
          rows: { before: result.purged, after: 0 },
          cutoff: { before: null, after: cutoff.toISOString() },
        },
      });
    }
    return { ...result, cutoff: cutoff.toISOString(), retentionDays: days };
  },
});
