// The message box's calls (seed §7 `/api/message/list`, `/api/message/read`).
import type {
  MessageListQuery,
  MessageListResult,
  MessageType,
  NoticePublishBody,
  UnreadCounts,
} from '../contracts/message';
import { request } from './client';

export const messagesApi = {
  list: (params: Partial<MessageListQuery>) =>
    request<MessageListResult>({ method: 'GET', url: '/message/list', params }),
  /** Polled by the bell; a failed poll stays quiet (the next one retries). */
  unread: () => request<UnreadCounts>({ method: 'GET', url: '/message/unread', silent: true }),
  read: (ids: number[]) => request<true>({ method: 'POST', url: '/message/read', data: { ids } }),
  readAll: (type?: MessageType) =>
    request<number>({ method: 'POST', url: '/message/read-all', data: type ? { type } : {} }),
  publishNotice: (body: NoticePublishBody) =>
    request<{ recipients: number }>({ method: 'POST', url: '/message/notice', data: body }),
};
