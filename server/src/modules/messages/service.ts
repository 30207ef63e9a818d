// Per-user messages: the message box's lists and read state, and announcements that admins
// publish to everyone (product.md, "Messages"; seed §4 read state 0 → 1).
import {
  MESSAGE_TYPES,
  NOTICE_TEMPLATE,
  renderMessage,
  type Locale,
  type MessageItem,
  type MessageListQuery,
  type MessageListResult,
  type MessageStatus,
  type MessageType,
  type NoticePublishBody,
  type UnreadCounts,
} from '@console/shared';
import { recordAudit } from '../audit/writer';
import type { Db, DbOrTx } from '../../db/types';
import type { messages } from './schema';
import { createLocalBus, type EventBus } from '../../events/bus';
import * as q from './queries';

export type NewMessage = typeof messages.$inferInsert;

export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus = createLocalBus(),
  ) {}

  /** The caller's messages, system ones rendered in `locale` (issue #18 item 4). */
  async list(
    userId: number,
    query: MessageListQuery,
    locale: Locale = 'zh-CN',
  ): Promise<MessageListResult> {
    const filter = { userId, type: query.type, status: query.status };
    const [rows, total, unread] = await Promise.all([
      q.listMessages(this.db, filter, (query.current - 1) * query.pageSize, query.pageSize),
      q.countMessages(this.db, filter),
      this.unread(userId),
    ]);
    return { list: rows.map((row) => toItem(row, locale)), total, unread };
  }

  /** The newest messages of a type, without the page's totals (the workplace's announcements). */
  async latest(
    userId: number,
    type: MessageType,
    limit: number,
    locale: Locale,
  ): Promise<MessageListResult['list']> {
    const rows = await q.listMessages(this.db, { userId, type }, 0, limit);
    return rows.map((row) => toItem(row, locale));
  }

  async unread(userId: number): Promise<UnreadCounts> {
    const counts = Object.fromEntries(MESSAGE_TYPES.map((t) => [t, 0])) as UnreadCounts;
    for (const row of await q.unreadByType(this.db, userId)) {
      if ((MESSAGE_TYPES as readonly string[]).includes(row.type)) {
        counts[row.type as MessageType] = row.n;
      }
    }
    return counts;
  }

  /** Returns the ids that changed from unread to read (only the caller's own). */
  async read(userId: number, ids: number[]): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const changed = (await q.markRead(tx, userId, [...new Set(ids)])).map((r) => r.id);
      await recordAudit(tx, {
        entityType: 'message',
        entityId: changed.join(',').slice(0, 64),
        diff: changed.length ? { status: { before: 0, after: 1 } } : null,
      });
      return changed;
    });
  }

  async readAll(userId: number, type?: MessageType): Promise<number> {
    return this.db.transaction(async (tx) => {
      const n = (await q.markAllRead(tx, userId, type)).length;
      await recordAudit(tx, {
        entityType: 'message',
        entityId: type ?? '*',
        diff: n ? { status: { before: 0, after: 1 }, count: { before: null, after: n } } : null,
      });
      return n;
    });
  }

  /**
   * Sends messages inside the caller's transaction; a (user, dedupeKey) pair that exists
   * already is skipped, so a reminder exists once however often it is sent. Returns how many
   * were new.
   */
  sendOnce(db: DbOrTx, rows: NewMessage[]): Promise<number> {
    return q.insertMessagesOnce(db, rows);
  }

  /** One notice row per user, all or none (one transaction). Returns the recipient count. */
  async publishNotice(publisherId: number, body: NoticePublishBody) {
    return this.events.transaction(this.db, async (tx, emit) => {
      const publisher = await q.userDisplayName(tx, publisherId);
      const recipients = await q.allUserIds(tx);
      const time = new Date();
      await q.insertMessages(
        tx,
        recipients.map((u) => ({
          userId: u.id,
          type: 'notice',
          title: body.title,
          subTitle: publisher,
          content: body.content,
          template: NOTICE_TEMPLATE,
          params: { titleEn: body.titleEn, contentEn: body.contentEn },
          time,
          createdBy: publisherId,
        })),
      );
      await recordAudit(tx, {
        entityType: 'notice',
        entityId: '',
        diff: {
          title: { before: null, after: body.title },
          content: { before: null, after: body.content },
          recipients: { before: null, after: recipients.length },
        },
      });
      emit({ type: 'message.created', userIds: 'all' });
      return recipients.length;
    });
  }
}

function toItem(
  row: Awaited<ReturnType<typeof q.listMessages>>[number],
  locale: Locale,
): MessageItem {
  return {
    ...row,
    ...renderMessage(row, locale),
    type: row.type as MessageType,
    status: (row.status === 1 ? 1 : 0) as MessageStatus,
    time: row.time.toISOString(),
  };
}
