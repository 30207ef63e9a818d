// Daily (product.md, "Messages": a todo for a licence expiring within 30 days): one `todo`
// message per guide and licence expiry for every user who maintains guides. The messages'
// (user, dedupeKey) unique index makes each reminder exist once, however often the job runs
// and on however many server instances.
import { addDays, GUIDE_LIMITS, isoToday, systemMessage } from '@console/shared';
import { defineJob, LockKey } from './job';

export const licenceDedupeKey = (guideId: number, expiry: string) =>
  `guide-licence:${guideId}:${expiry}`;

export const licenceReminderJob = defineJob({
  name: 'licence-reminder',
  // 07:00 in the operation's time zone, and at start-up.
  schedule: '0 7 * * *',
  lock: LockKey.LicenceReminder,
  runAtStart: true,
  async run({ tx, services, now, emit }) {
    const today = isoToday(now);
    const expiring = await services.guide.records.licencesExpiring(
      tx,
      today,
      addDays(today, GUIDE_LIMITS.expiryWarningDays),
    );
    if (expiring.length === 0) return { guides: 0, created: 0 };
    const recipients = await services.auth.usersWithPermission(tx, 'guide:write');
    const created = await services.messages.sendOnce(
      tx,
      expiring.flatMap((g) =>
        recipients.map((userId) => ({
          userId,
          type: 'todo',
          // Stored as a template and its parameters: each reader sees it in their language.
          ...systemMessage('guide.licenceExpiring', {
            guideId: g.id,
            name: g.name,
            code: g.code,
            licenceNo: g.licenceNo,
            expiry: g.licenceExpiry,
          }),
          messageType: 0,
          time: now,
          dedupeKey: licenceDedupeKey(g.id, g.licenceExpiry),
        })),
      ),
    );
    // The bells of the recipients count again (issue #16: message created).
    if (created > 0) emit({ type: 'message.created', userIds: recipients });
    return { guides: expiring.length, created };
  },
});
