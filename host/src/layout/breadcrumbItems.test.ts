// The breadcrumb table (seed §2: every item but the last is a link), read off the routes the
// guard knows: the user menu's pages had none while every section page showed one.
import { describe, expect, it } from 'vitest';
import { DECLARED_SECTIONS } from '@console/shared/testing/declared-sections';
import { CONSOLE_PAGES } from '../routes/consoleRouteMeta';
import { guardedRoutes } from '../routes/shellRoutes';
import en from '../locale/console/en-US';
import zh from '../locale/console/zh-CN';
import { breadcrumbItems } from './breadcrumbItems';

const routes = guardedRoutes(DECLARED_SECTIONS);
const routeAt = (path: string) => routes.find((r) => r.path === path)!;
const trail = (path: string) => breadcrumbItems(DECLARED_SECTIONS, routeAt(path));

describe('the breadcrumb', () => {
  it.each([
    [CONSOLE_PAGES.userInfo, 'User centre', '用户中心'],
    [CONSOLE_PAGES.userSetting, 'User settings', '用户设置'],
    [CONSOLE_PAGES.messages, 'Messages', '消息中心'],
  ])('%s: my account (a link to the user centre), then the page', (path, enTitle, zhTitle) => {
    const items = trail(path);
    expect(items.map((i) => i.to)).toEqual([CONSOLE_PAGES.userInfo, undefined]);
    const text = (messages: Record<string, string>) => items.map((i) => messages[i.locale]);
    expect(text(en)).toEqual(['My account', enTitle]);
    expect(text(zh)).toEqual(['个人中心', zhTitle]);
  });

  it('a section page: the section (a link to its index route), then the page', () => {
    expect(trail('/team/waiting')).toEqual([
      { locale: 'menu.team', to: '/team' },
      { locale: 'menu.team.waiting' },
    ]);
    expect(routeAt('/team').shell).toBe(true);
  });

  it('every linked item leads to a route the guard knows', () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const route of routes)
      for (const item of breadcrumbItems(DECLARED_SECTIONS, route).slice(0, -1))
        expect(paths, `${route.path} → ${item.to}`).toContain(item.to);
  });

  it('the redirect helper and the section index routes show none', () => {
    expect(trail('/redirect/:path')).toEqual([]);
    expect(trail('/guide')).toEqual([]);
  });
});
