import { integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** The monitor's dispatch chat among staff (issue #16 part 3); limits: shared CHAT_LIMITS. */
export const chatMessages = pgTable('chat_messages', {
  id: serial('id').primaryKey(),
  /** The sender; kept as null when the user is deleted, so the history stays readable. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The sender's username when sent (the history names them after they are gone). */
  username: varchar('username', { length: 64 }).notNull(),
  /** 500 characters at most; a character can take two UTF-16 units. */
  content: varchar('content', { length: 1000 }).notNull(),
  time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
});

/** The seed's `isCollect`: a message one reader starred (per user). */
export const chatMessageStars = pgTable(
  'chat_message_stars',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
