// Figures agree with lists (issue 25, test family): a figure that links to a list is that
// list's total under the link's filter. The workplace's team figures are followed through
// their links (workplaceTeamLinks → teamListHref → the list call the page makes) and every
// team figure the workplace answers must have one, so a new figure without a list is noticed
// here (defect 7: 待分配团队 said 13 while the list it led to showed 19, its drafts too). The
// rows written cover every team status and start date the filters tell apart. The browser
// side (every link on the page is one of these): e2e/tests/figures-agree.test.ts; the guide
// profile's figures and lists: guide/profile-figures.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  teamListHref,
  TEAM_STATUSES,
  WORKPLACE_TEAM_FIGURES,
  workplaceTeamLinks,
  type Page,
  type Workplace,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { insertTeam } from '../../../test/support/assign-teams';
import { FIGURES_MAX_AGE_MS } from './figures-cache';

let t: TestApp;
let user: Client;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedIn(t.app, 'user');
});
afterAll(() => t.close());

async function data<T>(as: Client, url: string): Promise<T> {
  const res = await as.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data as T;
}

/** The list call the team page makes for a link: its view from the path, its filter from the query. */
function listCallOf(href: string): string {
  const url = new URL(href, 'http://console');
  const view = /^\/team\/(waiting|ongoing|history)$/.exec(url.pathname)?.[1];
  expect(view, href).toBeDefined();
  url.searchParams.set('view', view!);
  url.searchParams.set('pageSize', '1');
  return `/api/teams?${url.searchParams.toString()}`;
}

describe('the workplace: each team figure is the total of the list it links to', () => {
  let served: Workplace;

  beforeAll(async () => {
    // Every status, each starting in the past, today, within and beyond "soon".
    for (const status of TEAM_STATUSES)
      for (const startIn of [-3, 0, 1, 2, 3, 20])
        await insertTeam(t.services.db, { status, startIn, days: 2 });
    // Written behind the services' back (no event): past the shared figures' age.
    t.clock.set(new Date(Date.now() + FIGURES_MAX_AGE_MS + 1));
    served = await data<Workplace>(user, '/api/dashboard/workplace');
    t.clock.set(null);
  });

  it('answers a list link for every team figure it shows, and nothing else', () => {
    expect(Object.keys(served.teams).sort()).toEqual([...WORKPLACE_TEAM_FIGURES].sort());
  });

  it.each(WORKPLACE_TEAM_FIGURES)('%s equals the total of its list', async (figure) => {
    const href = teamListHref(workplaceTeamLinks(served.today)[figure]);
    const list = await data<Page<unknown>>(user, listCallOf(href));
    expect(served.teams[figure], href).toBeGreaterThan(0);
    expect(served.teams[figure], href).toBe(list.total);
  });

  it('waiting and drafts together are the waiting page unfiltered (nothing hides in it)', async () => {
    const page = await data<Page<unknown>>(user, listCallOf('/team/waiting'));
    expect(served.teams.waiting + served.teams.drafts).toBe(page.total);
  });

  it('the ongoing figure is the ongoing page less its allocated teams', async () => {
    const page = await data<Page<unknown>>(user, listCallOf('/team/ongoing'));
    const allocated = await data<Page<unknown>>(user, listCallOf('/team/ongoing?status=allocated'));
    expect(served.teams.ongoing + allocated.total).toBe(page.total);
  });
});
