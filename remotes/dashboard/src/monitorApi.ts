// The dashboard section's calls to the monitor API (server: server/src/modules/monitor/routes.ts).
// The board and a spot's panel are cached reads refreshed by live scenic events (their tags);
// the chat keeps its own list, fed by pages of history and by `chat.message.created` events.
import { consoleApi, request } from '@console/shared/api';
import type { ChatMessage, ChatPage, MonitorBoard, MonitorSpotPanel, Team } from '@console/shared';

export const monitorQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    monitorBoard: build.query<MonitorBoard, void>({
      query: () => ({ method: 'GET', url: '/monitor/board' }),
      // Every load event invalidates the spots' list tag (shared/src/api/live.ts).
      providesTags: [{ type: 'ScenicSpot', id: 'LIST' }],
    }),
    monitorSpot: build.query<MonitorSpotPanel, number>({
      query: (id) => ({ method: 'GET', url: `/monitor/spots/${id}` }),
      providesTags: (_r, _e, id) => [
        { type: 'ScenicSpot', id },
        { type: 'ScenicWindow', id },
        { type: 'Team', id: 'LIST' },
      ],
    }),
  }),
  overrideExisting: false,
});

export const { useMonitorBoardQuery, useMonitorSpotQuery } = monitorQueries;

export const monitorApi = {
  chatPage: (before?: number) =>
    request<ChatPage>({ method: 'GET', url: '/monitor/chat', params: before ? { before } : {} }),
  chatMessage: (id: number) =>
    request<ChatMessage>({ method: 'GET', url: `/monitor/chat/${id}`, silent: true }),
  /** Field errors (too long) are shown under the box by the caller. */
  sendChat: (content: string) =>
    request<ChatMessage>({ method: 'POST', url: '/monitor/chat', data: { content }, silent: true }),
  star: (id: number, starred: boolean) =>
    request<ChatMessage>({ method: 'PUT', url: `/monitor/chat/${id}/star`, data: { starred } }),
  /** A team's code and name for the event stream's sentences. */
  team: (id: number) => request<Team>({ method: 'GET', url: `/teams/${id}`, silent: true }),
};
