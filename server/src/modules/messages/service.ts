// Per-user messages: the message box's lists and read state, and announcements that admins
// publish to everyone (product.md, "Messages"; seed §4 read state 0 → 1).
import {
  MESSAGE_TYPES,
  type MessageItem,
  type MessageListQuery,
  type MessageListResult,
  type MessageStatus,
  type MessageType,
  type NoticePublishBody,
  type UnreadCounts,
} from '@console/shared';
import type { Db } from '../../db/types';
import * as q from './queries';

export class MessageService {
  constructor(private readonly db: Db) {}

  async list(userId: number, query: MessageListQuery): Promise<MessageListResult> {
    const filter = { userId, type: query.type, status: query.status };
    const [rows, total, unread] = await Promise.all([
      q.listMessages(this.db, filter, (query.current - 1) * query.pageSize, query.pageSize),
      q.countMessages(this.db, filter),
      this.unread(userId),
    ]);
    return { list: rows.map(toItem), total, unread };
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
    const rows = await q.markRead(this.db, userId, [...new Set(ids)]);
    return rows.map((r) => r.id);
  }

  async readAll(userId: number, type?: MessageType): Promise<number> {
    const rows = await q.markAllRead(this.db, userId, type);
    return rows.length;
  }

  /** One notice row per user, all or none (one transaction). Returns the recipient count. */
  async publishNotice(publisherId: number, body: NoticePublishBody) {
    return this.db.transaction(async (tx) => {
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
          time,
          createdBy: publisherId,
        })),
      );
      return recipients.length;
    });
  }
}

function toItem(row: Awaited<ReturnType<typeof q.listMessages>>[number]): MessageItem {
  return {
    ...row,
    type: row.type as MessageType,
    status: (row.status === 1 ? 1 : 0) as MessageStatus,
    time: row.time.toISOString(),
  };
}
