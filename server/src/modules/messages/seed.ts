// Demo messages so the message box has something in each tab on first start.
import { inArray } from 'drizzle-orm';
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
      title: '李调度',
      subTitle: '团队 T20250601001 的行程已更新',
      content: '请确认第二天故宫的入园时间。',
      time: new Date(now - 1 * HOUR),
    },
    {
      userId: id,
      type: 'message',
      title: '王管理',
      subTitle: '导游资料已审核',
      content: '新录入的 3 名导游资料已审核通过。',
      time: new Date(now - 5 * HOUR),
      status: 1,
    },
    {
      userId: id,
      type: 'notice',
      title: '系统升级通知',
      subTitle: '王管理',
      content: '控制台将于本周六 22:00 至 23:00 升级维护，期间暂停服务。',
      time: new Date(now - 24 * HOUR),
    },
    {
      userId: id,
      type: 'todo',
      title: '待分配导游',
      subTitle: '团队 48 小时内出发仍未分配导游',
      content: '请尽快为即将出发的团队分配导游。',
      time: new Date(now - 2 * HOUR),
      messageType: 0,
    },
    {
      userId: id,
      type: 'todo',
      title: '导游证即将到期',
      subTitle: '1 名导游的导游证将在 30 天内到期',
      content: '请提醒导游及时办理导游证续期。',
      time: new Date(now - 3 * HOUR),
      messageType: 3,
    },
  ]);
  await insertMessages(tx, rows);
}
