// All SQL of the monitor module: the dispatch chat and its per-user stars.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { users } from '../auth/schema';
import { chatMessageStars, chatMessages } from './schema';

const m = chatMessages;

export interface ChatRow {
  id: number;
  userId: number | null;
  username: string;
  name: string | null;
  avatar: string | null;
  content: string;
  time: Date;
  starred: boolean;
}

/** The message columns as `readerId` sees them (starred by that reader or not). */
function chatSelection(readerId: number) {
  return {
    id: m.id,
    userId: m.userId,
    username: m.username,
    name: users.name,
    avatar: users.avatar,
    content: m.content,
    time: m.time,
    starred: sql<boolean>`exists (select 1 from ${chatMessageStars} where ${chatMessageStars.messageId} = ${m.id} and ${chatMessageStars.userId} = ${readerId})`,
  };
}

/** A keyset page, newest first: `limit` messages older than `before` (or the newest). */
export function chatPage(
  db: DbOrTx,
  readerId: number,
  before: number | undefined,
  limit: number,
): Promise<ChatRow[]> {
  return db
    .select(chatSelection(readerId))
    .from(m)
    .leftJoin(users, eq(users.id, m.userId))
    .where(before === undefined ? undefined : lt(m.id, before))
    .orderBy(desc(m.id))
    .limit(limit);
}

export async function findChat(
  db: DbOrTx,
  readerId: number,
  id: number,
): Promise<ChatRow | undefined> {
  const [row] = await db
    .select(chatSelection(readerId))
    .from(m)
    .leftJoin(users, eq(users.id, m.userId))
    .where(eq(m.id, id))
    .limit(1);
  return row;
}

export async function insertChat(
  db: DbOrTx,
  values: { userId: number; username: string; content: string; time: Date },
) {
  const [row] = await db.insert(m).values(values).returning({ id: m.id });
  return row.id;
}

export async function star(db: DbOrTx, messageId: number, userId: number) {
  await db.insert(chatMessageStars).values({ messageId, userId }).onConflictDoNothing();
}

export async function unstar(db: DbOrTx, messageId: number, userId: number) {
  await db
    .delete(chatMessageStars)
    .where(and(eq(chatMessageStars.messageId, messageId), eq(chatMessageStars.userId, userId)));
}
