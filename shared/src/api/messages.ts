// The message box's calls (seed §7 `/api/message/list`, `/api/message/read`).
import type {
  MessageListQuery,
  MessageListResult,
  MessageType,
  NoticePublishInput,
  UnreadCounts,
} from '../contracts/message';
import { request } from './client';
import { consoleApi } from './rtk';

export const messagesApi = {
  list: (params: Partial<MessageListQuery>) =>
    request<MessageListResult>({ method: 'GET', url: '/message/list', params }),
  /** Polled by the bell; a failed poll stays quiet (the next one retries). */
  unread: () => request<UnreadCounts>({ method: 'GET', url: '/message/unread', silent: true }),
  read: (ids: number[]) => request<true>({ method: 'POST', url: '/message/read', data: { ids } }),
  readAll: (type?: MessageType) =>
    request<number>({ method: 'POST', url: '/message/read-all', data: type ? { type } : {} }),
  publishNotice: (body: NoticePublishInput) =>
    request<{ recipients: number }>({ method: 'POST', url: '/message/notice', data: body }),
};

/** The message box's cached reads; a read or a new message invalidates `Message` and `UnreadCounts`. */
export const messageQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    messageList: build.query<MessageListResult, Partial<MessageListQuery>>({
      query: (params) => ({ method: 'GET', url: '/message/list', params }),
      providesTags: [{ type: 'Message', id: 'LIST' }],
    }),
    /** Polled by the bell; a failed poll stays quiet (the next one retries). */
    unreadCounts: build.query<UnreadCounts, void>({
      query: () => ({ method: 'GET', url: '/message/unread', silent: true }),
      providesTags: ['UnreadCounts'],
    }),
  }),
});

export const { useMessageListQuery, useUnreadCountsQuery } = messageQueries;
