// Labels the dashboard's pages share: dictionary values (agencies, markets) and guide levels
// in the reader's language, and the title of a route key.
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  GUIDE_ENUM_LABELS,
  TEAM_AGENCY_CATEGORY,
  TEAM_MARKET_CATEGORY,
  type GuideLevel,
  type Locale,
  type PropertyItem,
} from '@console/shared';
import { usePinnedRoutes } from '@console/shared/section';
import { useDashboardDictionaryQuery } from './api';

const NO_ITEMS: PropertyItem[] = [];

export function useLocale(): Locale {
  return useIntl().locale === 'en-US' ? 'en-US' : 'zh-CN';
}

/** Value → label of the agency and market dictionaries (the value itself if unknown). */
export function useDictionaryLabels() {
  const locale = useLocale();
  const agencies = useDashboardDictionaryQuery(TEAM_AGENCY_CATEGORY).data ?? NO_ITEMS;
  const markets = useDashboardDictionaryQuery(TEAM_MARKET_CATEGORY).data ?? NO_ITEMS;
  return useMemo(() => {
    const label = (items: PropertyItem[], value: string) => {
      const item = items.find((i) => i.value === value);
      if (!item) return value;
      return locale === 'en-US' ? item.labelEn : item.labelZh;
    };
    return {
      agency: (v: string) => label(agencies, v),
      market: (v: string) => label(markets, v),
    };
  }, [agencies, markets, locale]);
}

export function useLevelLabel() {
  const locale = useLocale();
  return useCallback((level: GuideLevel) => GUIDE_ENUM_LABELS.level[level][locale], [locale]);
}

/** The title of a route key, from the pinned sections' pages, else the path. */
export function useRouteTitle() {
  const locale = useLocale();
  const routes = usePinnedRoutes();
  return useCallback(
    (key: string, path: string) => routes.find((r) => r.key === key)?.title[locale] ?? path,
    [routes, locale],
  );
}
