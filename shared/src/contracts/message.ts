// Per-user messages (product.md, "Messages"; seed §3 message shape, §7 list/read calls).
import { z } from 'zod';

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Seed §3/§4: 0 unread, 1 read. */
export const MESSAGE_STATUS = { unread: 0, read: 1 } as const;
export type MessageStatus = 0 | 1;

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 2000;

export const messageListQuery = z.strictObject({
  type: z.enum(MESSAGE_TYPES).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, 'status must be 0 or 1')
    .optional(),
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageReadBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(500),
});
export type MessageReadBody = z.infer<typeof messageReadBody>;

export const messageReadAllBody = z.strictObject({
  type: z.enum(MESSAGE_TYPES).optional(),
});
export type MessageReadAllBody = z.infer<typeof messageReadAllBody>;

export const noticePublishBody = z.strictObject({
  title: z.string().trim().min(1, 'required').max(NOTICE_TITLE_MAX),
  content: z.string().trim().min(1, 'required').max(NOTICE_CONTENT_MAX),
});
export type NoticePublishBody = z.infer<typeof noticePublishBody>;

/** One message as the seed's sample data shapes it. */
export interface MessageItem {
  id: number;
  type: MessageType;
  title: string;
  subTitle: string;
  avatar: string;
  content: string;
  time: string;
  status: MessageStatus;
  messageType: number | null;
}

export type UnreadCounts = Record<MessageType, number>;

/** `GET /api/message/list`: the page plus unread counts per type (for the tabs and bell). */
export interface MessageListResult {
  list: MessageItem[];
  total: number;
  unread: UnreadCounts;
}
