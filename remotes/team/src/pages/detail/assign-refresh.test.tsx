// Issue 27 item 6: a guide assigned on the team page refreshes the team page's reads (the
// team, its operation log, the lists) and the allocation page's — the tags of the
// `team.assignment.made` event, which the live channel uses too. The real picker, store and
// mutation in jsdom; only the server (the HTTP client's adapter) is replaced.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Team } from '@console/shared';
import { consoleApi, type ApiTag } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import { useTeamLogQuery, useTeamQuery, useTeamsQuery } from '../../api';
import { Assignments } from './Assignments';
import { fakeServer, ok, restoreServer } from '@console/shared/testing/fake-server';

const TEAM = {
  id: 7,
  code: 'T20270301007',
  name: '刷新团',
  status: 'pending',
  startDate: '2027-03-01',
  endDate: '2027-03-03',
  pax: 10,
  assignments: [],
  itinerary: [],
  feedback: [],
  history: [],
  version: 3,
} as unknown as Team;

/** The allocation page's reads as they are tagged (remotes/guide: waiting list, board …). */
const ALLOCATION_TAG: ApiTag = { type: 'Allocation', id: 'ALL' };
let allocationFetches = 0;
const allocationPage = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    allocationPageRead: build.query<number, ApiTag>({
      queryFn: () => ({ data: ++allocationFetches }),
      providesTags: (_r, _e, tag) => [tag],
    }),
  }),
});

let gets: Map<string, number>;
let writes: string[];
beforeEach(() => {
  gets = new Map();
  writes = [];
  allocationFetches = 0;
  fakeServer(
    (url) => {
      gets.set(url, (gets.get(url) ?? 0) + 1);
      if (url === `/teams/${TEAM.id}`) return TEAM;
      if (url === `/teams/${TEAM.id}/guide-check`)
        return {
          list: [
            {
              guideId: 3,
              code: 'G000003',
              name: '张导',
              level: 'senior',
              languages: ['zh'],
              eligible: true,
              breaches: [],
            },
          ],
          total: 1,
        };
      if (url === `/teams/${TEAM.id}/operation-log` || url === '/teams')
        return { list: [], total: 0 };
      return [];
    },
    (request) => {
      writes.push(`${request.method.toUpperCase()} ${request.url}`);
      return ok({
        teamId: TEAM.id,
        status: 'allocated',
        version: 4,
        assignment: { id: 11, guideId: 3 },
      });
    },
  );
});
afterEach(() => {
  cleanup();
  restoreServer();
});

/** The team page's reads: the team, its operation log, the list. */
function TeamPageReads() {
  useTeamQuery(TEAM.id);
  useTeamLogQuery({ id: TEAM.id, current: 1, pageSize: 10 });
  useTeamsQuery({ view: 'waiting' });
  return null;
}

describe('a guide assigned on the team page', () => {
  it('refreshes the team page’s reads and the allocation page’s', async () => {
    const store = createStore();
    const sub = store.dispatch(
      allocationPage.endpoints.allocationPageRead.initiate(ALLOCATION_TAG),
    );
    render(
      <Provider store={store}>
        <IntlProvider locale="zh-CN" messages={zhCN}>
          <MemoryRouter>
            <TeamPageReads />
            <Assignments team={TEAM} canAllocate addRequest={1} />
          </MemoryRouter>
        </IntlProvider>
      </Provider>,
    );
    const pick = await screen.findByTestId('pick-G000003');
    await waitFor(() => expect(gets.get('/teams')).toBe(1));
    expect(gets.get(`/teams/${TEAM.id}`)).toBe(1);
    expect(gets.get(`/teams/${TEAM.id}/operation-log`)).toBe(1);
    expect(allocationFetches).toBe(1);

    fireEvent.click(pick);

    await waitFor(() => expect(gets.get(`/teams/${TEAM.id}/operation-log`)).toBe(2));
    expect(writes).toEqual([`POST /teams/${TEAM.id}/assignments`]);
    expect(gets.get(`/teams/${TEAM.id}`)).toBe(2);
    expect(gets.get('/teams')).toBe(2);
    await waitFor(() => expect(allocationFetches).toBe(2));
    sub.unsubscribe();
  });
});
