// Small helpers the team pages share: dictionaries, labels, contract messages, time hints.
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  TEAM_AGENCY_CATEGORY,
  TEAM_LANGUAGE_CATEGORY,
  TEAM_LIMITS,
  TEAM_MARKET_CATEGORY,
  resolveLocale,
  startOfLocalDay,
  validationMessage,
  type PropertyItem,
  type TeamStatus,
} from '@console/shared';
import type { DictionaryOptions } from '@console/shared/components/field-specs';
import { useTeamDictionaryQuery } from './api';

const NO_ITEMS: PropertyItem[] = [];

export interface TeamDictionaries {
  agencies: PropertyItem[];
  markets: PropertyItem[];
  languages: PropertyItem[];
  agencyLabel(value: string): string;
  marketLabel(value: string): string;
  languageLabel(value: string): string;
  /** A dictionary field's choices by category (enabled items), for the generated views. */
  options: DictionaryOptions;
  /** A value's label in its category (the value itself when the dictionary lacks it). */
  label(category: string, value: string): string;
}

export function useTeamDictionaries(): TeamDictionaries {
  const { locale } = useIntl();
  // On failure the client already showed the error; labels fall back to the values.
  const agencies = useTeamDictionaryQuery(TEAM_AGENCY_CATEGORY).data ?? NO_ITEMS;
  const markets = useTeamDictionaryQuery(TEAM_MARKET_CATEGORY).data ?? NO_ITEMS;
  const languages = useTeamDictionaryQuery(TEAM_LANGUAGE_CATEGORY).data ?? NO_ITEMS;
  return useMemo(() => {
    const label = (items: PropertyItem[], value: string) => {
      const item = items.find((i) => i.value === value);
      if (!item) return value;
      return locale === 'en-US' ? item.labelEn : item.labelZh;
    };
    const byCategory: Record<string, PropertyItem[]> = {
      [TEAM_AGENCY_CATEGORY]: agencies,
      [TEAM_MARKET_CATEGORY]: markets,
      [TEAM_LANGUAGE_CATEGORY]: languages,
    };
    const labelIn = (category: string, v: string) => label(byCategory[category] ?? [], v);
    return {
      agencies,
      markets,
      languages,
      agencyLabel: (v) => label(agencies, v),
      marketLabel: (v) => label(markets, v),
      languageLabel: (v) => label(languages, v),
      options: Object.fromEntries(
        Object.entries(byCategory).map(([category, items]) => [
          category,
          dictOptions(items, (v) => labelIn(category, v)),
        ]),
      ),
      label: labelIn,
    };
  }, [agencies, markets, languages, locale]);
}

/** Options of a dictionary for a Select (enabled items only). */
export const dictOptions = (items: PropertyItem[], label: (v: string) => string) =>
  items.filter((i) => i.enabled).map((i) => ({ value: i.value, label: label(i.value) }));

/** The text of a zod issue (a contract message code or zod's own) in the current locale. */
export function useIssueText() {
  const { locale } = useIntl();
  return useCallback(
    (issue: Parameters<typeof validationMessage>[0]) =>
      validationMessage(issue, resolveLocale(locale)),
    [locale],
  );
}

/** "team.status.pending"-style labels from the shared team labels. */
export function useTeamLabel() {
  const intl = useIntl();
  return useCallback(
    (group: 'status' | 'role' | 'assignmentStatus', value: string) =>
      intl.formatMessage({ id: `team.${group}.${value}` }),
    [intl],
  );
}

export const STATUS_COLOR: Record<TeamStatus, string> = {
  draft: 'gray',
  pending: 'orange',
  allocated: 'arcoblue',
  ongoing: 'green',
  completed: 'cyan',
  cancelled: 'red',
};

/**
 * Hours until a pending team starts (its start day in the operation time zone), when that is
 * within the urgent window (48 h) and not past; otherwise null.
 */
export function hoursUntilStart(status: TeamStatus, startDate: string, now = Date.now()) {
  if (status !== 'pending') return null;
  const start = startOfLocalDay(startDate).getTime();
  const hours = Math.ceil((start - now) / 3_600_000);
  return hours >= 0 && hours <= TEAM_LIMITS.urgentHours ? hours : null;
}

/** zod / server path (`items.0.spotId`) → Arco field name (`items[0].spotId`). */
export const fieldName = (path: readonly PropertyKey[] | string) =>
  (typeof path === 'string' ? path.split('.') : path.map(String))
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');
