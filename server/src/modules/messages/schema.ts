import {
  index,
  jsonb,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** Per-user messages: type message / notice / todo, status 0 unread, 1 read (seed §3). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    subTitle: varchar('sub_title', { length: 200 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    content: varchar('content', { length: 2000 }).notNull().default(''),
    messageType: smallint('message_type'),
    status: smallint('status').notNull().default(0),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    /** Prevents the same generated todo twice (e.g. one per guide and licence expiry). */
    dedupeKey: varchar('dedupe_key', { length: 128 }),
    createdBy: integer('created_by'),
    /**
     * A system message's template code and parameters (shared `MESSAGE_TEMPLATES`): it is
     * rendered in the reader's language; title/subTitle/content then hold the zh-CN text.
     */
    template: varchar('template', { length: 64 }),
    params: jsonb('params').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.type, t.status, t.id),
    uniqueIndex('messages_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);
