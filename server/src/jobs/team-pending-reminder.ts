// Hourly (issue #13 point 10; product.md, "Messages"): a team starting within 48 hours that is
// still `pending` makes one `todo` for every holder of `team:allocate`. The messages' (user,
// dedupeKey) unique index makes each reminder exist once per team and start date, however often
// the job runs and on however many instances (as the licence reminders).
import { systemMessage } from '@console/shared';
import { defineJob, LockKey } from './job';

export const pendingTeamDedupeKey = (teamId: number, startDate: string) =>
  `team-pending:${teamId}:${startDate}`;

export const teamPendingReminderJob = defineJob({
  name: 'team-pending-reminder',
  schedule: '5 * * * *',
  lock: LockKey.TeamPendingReminder,
  runAtStart: true,
  async run({ tx, services, now }) {
    const soon = await services.team.pendingStartingSoon(tx, now);
    if (soon.length === 0) return { teams: 0, created: 0 };
    const recipients = await services.auth.usersWithPermission(tx, 'team:allocate');
    const created = await services.messages.sendOnce(
      tx,
      soon.flatMap((team) =>
        recipients.map((userId) => ({
          userId,
          type: 'todo',
          ...systemMessage('team.pendingSoon', {
            teamId: team.id,
            code: team.code,
            name: team.name,
            start: team.startDate,
          }),
          messageType: 0,
          time: now,
          dedupeKey: pendingTeamDedupeKey(team.id, team.startDate),
        })),
      ),
    );
    return { teams: soon.length, created };
  },
});
