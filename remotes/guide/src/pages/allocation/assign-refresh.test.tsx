// Issue 27 item 6: a guide assigned from the allocation page refreshes the allocation page's
// reads (the waiting list, the candidates, the board) and the team page's (the team and its
// operation log) — the tags of the `team.assignment.made` event, the live channel's too. The
// real components, store and mutation in jsdom; only the server (the HTTP client's adapter)
// is replaced.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { Candidate, CandidatesPage, WaitingTeam } from '@console/shared';
import { consoleApi, tagsForEvent, type ApiTag } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import { useAllocationBoardQuery } from './api';
import { Candidates } from './Candidates';
import { WaitingTeams } from './WaitingTeams';
import { fakeServer, ok, restoreServer } from '@console/shared/testing/fake-server';

const TEAM: WaitingTeam = {
  id: 7,
  code: 'T20270301007',
  name: '刷新团',
  status: 'pending',
  startDate: '2027-03-01',
  endDate: '2027-03-03',
  startsAt: '2027-02-28T16:00:00.000Z',
  startsInHours: 100,
  urgent: false,
  pax: 10,
  language: 'zh',
  vip: false,
  spots: ['宽窄巷子'],
  version: 3,
};
const GUIDE: Candidate = {
  guideId: 3,
  code: 'G000003',
  name: '张导',
  level: 'senior',
  status: 'active',
  homeCity: '成都',
  maxGroupSize: 40,
  languages: ['zh'],
  eligible: true,
  breaches: [],
  capacity: 40,
  score: 80,
  breakdown: [],
};
const CANDIDATES: CandidatesPage = {
  list: [GUIDE],
  total: 1,
  eligibleTotal: 1,
  window: { from: TEAM.startDate, to: TEAM.endDate },
  coverage: { pax: 10, paxLeft: 10, largestCapacity: 0, stillNeeded: 1, largeGroup: false },
};

/** The team page's reads as they are tagged (remotes/team/src/api.ts: the team, its log). */
const TEAM_PAGE_TAGS: ApiTag[] = [
  { type: 'Team', id: TEAM.id },
  { type: 'TeamLog', id: TEAM.id },
];
const teamPageFetches = new Map<string, number>();
const teamPage = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    teamPageRead: build.query<number, ApiTag>({
      queryFn: (tag) => {
        const k = JSON.stringify(tag);
        teamPageFetches.set(k, (teamPageFetches.get(k) ?? 0) + 1);
        return { data: teamPageFetches.get(k)! };
      },
      providesTags: (_r, _e, tag) => [tag],
    }),
  }),
});

/** GETs the server answered, by path; the writes it was sent. */
let gets: Map<string, number>;
let writes: string[];
beforeEach(() => {
  gets = new Map();
  writes = [];
  teamPageFetches.clear();
  fakeServer(
    (url) => {
      gets.set(url, (gets.get(url) ?? 0) + 1);
      if (url === '/allocation/teams') return { list: [TEAM], total: 1 };
      if (url === `/allocation/teams/${TEAM.id}/candidates`) return CANDIDATES;
      if (url === '/allocation/board') return { days: [], guides: [], total: 0 };
      return [];
    },
    (request) => {
      writes.push(`${request.method.toUpperCase()} ${request.url}`);
      return ok({
        teamId: TEAM.id,
        status: 'allocated',
        version: 4,
        assignment: { id: 11, guideId: GUIDE.guideId },
      });
    },
  );
});
afterEach(() => {
  cleanup();
  restoreServer();
});

function Board() {
  useAllocationBoardQuery({ from: TEAM.startDate, to: TEAM.endDate });
  return null;
}

describe('a guide assigned from the allocation page', () => {
  it('refreshes the allocation page’s reads and the team page’s', async () => {
    const store = createStore();
    const subs = TEAM_PAGE_TAGS.map((tag) =>
      store.dispatch(teamPage.endpoints.teamPageRead.initiate(tag)),
    );
    render(
      <Provider store={store}>
        <IntlProvider locale="zh-CN" messages={zhCN}>
          <WaitingTeams
            from={TEAM.startDate}
            to={TEAM.endDate}
            selected={TEAM}
            onSelect={() => {}}
          />
          <Candidates team={TEAM} canAllocate onAssigned={() => {}} />
          <Board />
        </IntlProvider>
      </Provider>,
    );
    const row = await screen.findByTestId(`candidate-${GUIDE.code}`);
    await waitFor(() => expect(gets.get('/allocation/board')).toBe(1));
    expect(gets.get('/allocation/teams')).toBe(1);
    expect(gets.get(`/allocation/teams/${TEAM.id}/candidates`)).toBe(1);
    expect([...teamPageFetches.values()]).toEqual([1, 1]);

    fireEvent.click(within(row).getByRole('button', { name: '分配' }));

    await waitFor(() => expect(gets.get('/allocation/board')).toBe(2));
    expect(writes).toEqual([`POST /teams/${TEAM.id}/assignments`]);
    expect(gets.get('/allocation/teams')).toBe(2);
    expect(gets.get(`/allocation/teams/${TEAM.id}/candidates`)).toBe(2);
    // The team page's team and log: the tags the live channel names for the same event.
    await waitFor(() => expect([...teamPageFetches.values()]).toEqual([2, 2]));
    const eventTags = tagsForEvent({
      type: 'team.assignment.made',
      teamId: TEAM.id,
      guideId: GUIDE.guideId,
    }).map((t) => JSON.stringify(t));
    for (const tag of TEAM_PAGE_TAGS) expect(eventTags).toContain(JSON.stringify(tag));
    for (const sub of subs) sub.unsubscribe();
  });
});
