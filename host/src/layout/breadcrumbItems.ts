// Breadcrumb per seed §2: the section (a link to its path) then the page; every item but the
// last is a link. The seed's `/system/user` and `/system/role` are this console's
// `/system/user-management` and `/system/role-management`.
// The shell's own pages take the same two levels from SHELL_TRAILS below.
import type { SectionMeta } from '@console/shared/contracts/menu';
import type { GuardedRoute } from '@console/shared/permission';
import { CONSOLE_PAGES } from '../routes/consoleRouteMeta';

export interface BreadcrumbItem {
  locale: string;
  /** Absent on the last item. */
  to?: string;
}

/** The user menu's pages sit under the account, which links to the user centre. */
const ACCOUNT: BreadcrumbItem = { locale: 'breadcrumb.account', to: CONSOLE_PAGES.userInfo };

/**
 * Shell pages by path (routes/consoleRouteMeta.ts); their titles are the console's strings
 * (locale/console). A shell page not listed (redirect, section index, results, exceptions,
 * section versions) shows no breadcrumb.
 */
const SHELL_TRAILS: Readonly<Record<string, readonly BreadcrumbItem[]>> = {
  [CONSOLE_PAGES.userInfo]: [ACCOUNT, { locale: 'userInfo.title' }],
  [CONSOLE_PAGES.userSetting]: [ACCOUNT, { locale: 'userSetting.title' }],
  [CONSOLE_PAGES.messages]: [ACCOUNT, { locale: 'messages.title' }],
};

export function breadcrumbItems(
  sections: readonly SectionMeta[],
  route: Pick<GuardedRoute, 'key' | 'path' | 'shell'>,
): BreadcrumbItem[] {
  if (route.shell) return [...(SHELL_TRAILS[route.path] ?? [])];
  const section = sections.find((s) => route.key.startsWith(`${s.key}/`));
  const page = section?.routes.find((r) => r.key === route.key);
  if (!section || !page) return [];
  return [{ locale: section.locale, to: section.path }, { locale: page.locale }];
}
