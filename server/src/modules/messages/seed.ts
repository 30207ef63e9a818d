// Demo messages so the message box has something in each tab on first start.
import { inArray } from 'drizzle-orm';
import { systemMessage } from '@console/shared';
import type { Tx } from '../../db/types';
import { users } from '../auth/schema';
import { insertMessages, type NewMessage } from './queries';

const HOUR = 3_600_000;

export async function seedDemoMessages(tx: Tx) {
  const demo = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, ['admin', 'operator', 'user']));
  const now = Date.now();
  const rows: NewMessage[] = demo.flatMap(({ id }) => [
    {
      userId: id,
      type: 'message',
      ...systemMessage('team.itineraryUpdated', { team: 'T20250601001' }, { title: '李调度' }),
      time: new Date(now - 1 * HOUR),
    },
    {
      userId: id,
      type: 'message',
      ...systemMessage('guide.profilesApproved', { count: 3 }, { title: '王管理' }),
      time: new Date(now - 5 * HOUR),
      status: 1,
    },
    {
      userId: id,
      type: 'notice',
      ...systemMessage('system.upgradeNotice', {}, { subTitle: '王管理' }),
      time: new Date(now - 24 * HOUR),
    },
    {
      userId: id,
      type: 'todo',
      ...systemMessage('team.guideUnassigned', {}),
      time: new Date(now - 2 * HOUR),
      messageType: 0,
    },
    {
      userId: id,
      type: 'todo',
      ...systemMessage('guide.licencesExpiringSummary', { count: 1 }),
      time: new Date(now - 3 * HOUR),
      messageType: 3,
    },
  ]);
  await insertMessages(tx, rows);
}
