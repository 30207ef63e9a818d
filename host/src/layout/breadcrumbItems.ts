// Breadcrumb per seed §2: the section (a link to its path) then the page; every item but the
// last is a link. The seed's `/system/user` and `/system/role` are this console's
// `/system/user-management` and `/system/role-management`.
import type { RouteMeta, SectionMeta } from '@console/shared/contracts/menu';

export interface BreadcrumbItem {
  locale: string;
  /** Absent on the last item. */
  to?: string;
}

export function breadcrumbItems(
  sections: readonly SectionMeta[],
  route: Pick<RouteMeta, 'key' | 'locale'>,
): BreadcrumbItem[] {
  const section = sections.find((s) => route.key.startsWith(`${s.key}/`));
  if (!section) return [];
  return [{ locale: section.locale, to: section.path }, { locale: route.locale }];
}
