// The message box's calls (seed §7 `/api/message/list`, `/api/message/read`): cached reads, and
// writes as mutations that invalidate the tags of their domain event (issue 27 item 6).
import type {
  MessageListQuery,
  MessageListResult,
  MessageType,
  NoticePublishInput,
  UnreadCounts,
} from '../contracts/message';
import { invalidatesOn, type DomainEvent } from './invalidation';
import { consoleApi } from './rtk';

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

/** The events a message write stands for (`invalidation.ts`): its `invalidatesTags`. */
export const messageEvents = {
  read: (): DomainEvent[] => [{ type: 'message.read' }],
  published: (): DomainEvent[] => [{ type: 'message.published' }],
};

/** Marking read and publishing: the lists and the bell's counts refetch, here and in the box. */
export const messageWrites = messageQueries.injectEndpoints({
  endpoints: (build) => ({
    readMessages: build.mutation<true, number[]>({
      query: (ids) => ({ method: 'POST', url: '/message/read', data: { ids } }),
      invalidatesTags: invalidatesOn(messageEvents.read),
    }),
    /** Every unread message of `type` (of every type without one); answers how many. */
    readAllMessages: build.mutation<number, MessageType | undefined>({
      query: (type) => ({ method: 'POST', url: '/message/read-all', data: type ? { type } : {} }),
      invalidatesTags: invalidatesOn(messageEvents.read),
    }),
    /** An announcement to every user; answers how many received it. */
    publishNotice: build.mutation<{ recipients: number }, NoticePublishInput>({
      query: (body) => ({ method: 'POST', url: '/message/notice', data: body }),
      invalidatesTags: invalidatesOn(messageEvents.published),
    }),
  }),
});

export const { useMessageListQuery, useUnreadCountsQuery } = messageQueries;
export const { useReadMessagesMutation, useReadAllMessagesMutation, usePublishNoticeMutation } =
  messageWrites;
