import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { chunks } from '../../db/chunks';
import type { MessageType } from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { users } from '../auth/schema';
import { messages } from './schema';

export interface MessageFilter {
  userId: number;
  type?: MessageType;
  status?: number;
}

function where(f: MessageFilter): SQL | undefined {
  return and(
    eq(messages.userId, f.userId),
    f.type ? eq(messages.type, f.type) : undefined,
    f.status === undefined ? undefined : eq(messages.status, f.status),
  );
}

export const listMessages = (db: DbOrTx, f: MessageFilter, offset: number, limit: number) =>
  db
    .select({
      id: messages.id,
      type: messages.type,
      title: messages.title,
      subTitle: messages.subTitle,
      avatar: messages.avatar,
      content: messages.content,
      time: messages.time,
      status: messages.status,
      messageType: messages.messageType,
      template: messages.template,
      params: messages.params,
    })
    .from(messages)
    .where(where(f))
    .orderBy(desc(messages.time), desc(messages.id))
    .offset(offset)
    .limit(limit);

export async function countMessages(db: DbOrTx, f: MessageFilter) {
  const [row] = await db.select({ n: count() }).from(messages).where(where(f));
  return row.n;
}

/** Unread messages of a user per type. */
export const unreadByType = (db: DbOrTx, userId: number) =>
  db
    .select({ type: messages.type, n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.status, 0)))
    .groupBy(messages.type);

/** Marks the user's own messages read; ids of other users' messages match nothing. */
export const markRead = (db: DbOrTx, userId: number, ids: number[]) =>
  db
    .update(messages)
    .set({ status: 1 })
    .where(and(eq(messages.userId, userId), inArray(messages.id, ids), eq(messages.status, 0)))
    .returning({ id: messages.id });

export const markAllRead = (db: DbOrTx, userId: number, type?: MessageType) =>
  db
    .update(messages)
    .set({ status: 1 })
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.status, 0),
        type ? eq(messages.type, type) : undefined,
      ),
    )
    .returning({ id: messages.id });

export const allUserIds = (db: DbOrTx) => db.select({ id: users.id }).from(users).orderBy(users.id);

export async function userDisplayName(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row ? row.name || row.username : '';
}

export type NewMessage = typeof messages.$inferInsert;

export async function insertMessages(db: DbOrTx, rows: NewMessage[]) {
  // Chunks keep each statement under the bind-parameter limit.
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(messages).values(rows.slice(i, i + 1000));
  }
}

/** Inserts todo messages; a (user, dedupeKey) pair that exists already is skipped. */
export async function insertMessagesOnce(
  db: DbOrTx,
  rows: (typeof messages.$inferInsert)[],
): Promise<number> {
  let created = 0;
  for (const chunk of chunks(rows, 500)) {
    const inserted = await db
      .insert(messages)
      .values(chunk)
      .onConflictDoNothing({ target: [messages.userId, messages.dedupeKey] })
      .returning({ id: messages.id });
    created += inserted.length;
  }
  return created;
}
