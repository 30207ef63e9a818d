// Column settings and density, kept per user and table in the browser (issue #6: "column
// settings persisted per user").
import { useCallback, useEffect, useState } from 'react';
import { useAppSelector } from '../../store';
import { selectUser } from '../../store/userSlice';

export const DENSITIES = ['mini', 'small', 'medium', 'large'] as const;
export type Density = (typeof DENSITIES)[number];

export interface TablePrefs {
  /** Keys of the columns the user hid. */
  hidden: string[];
  /** Keys of the columns hidden by default that the user chose to show. */
  shown: string[];
  density: Density;
}

const DEFAULTS: TablePrefs = { hidden: [], shown: [], density: 'medium' };

const keys = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];

/** Whether a column shows: its own default unless the user chose otherwise. */
export function columnVisible(
  prefs: Pick<TablePrefs, 'hidden' | 'shown'>,
  column: { key: string; fixedVisible?: boolean; defaultHidden?: boolean },
): boolean {
  if (column.fixedVisible) return true;
  if (prefs.hidden.includes(column.key)) return false;
  if (prefs.shown.includes(column.key)) return true;
  return !column.defaultHidden;
}

/** The preferences after the user ticks (or unticks) a column in the settings. */
export function withColumn(
  prefs: Pick<TablePrefs, 'hidden' | 'shown'>,
  key: string,
  visible: boolean,
): Pick<TablePrefs, 'hidden' | 'shown'> {
  const hidden = prefs.hidden.filter((k) => k !== key);
  const shown = prefs.shown.filter((k) => k !== key);
  return visible ? { hidden, shown: [...shown, key] } : { hidden: [...hidden, key], shown };
}

export const prefsKey = (user: string, tableId: string) => `search-table:${user}:${tableId}`;

function read(key: string): TablePrefs {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (!raw) return DEFAULTS;
    const parsed = JSON.parse(raw) as Partial<TablePrefs>;
    return {
      hidden: keys(parsed.hidden),
      shown: keys(parsed.shown),
      density: DENSITIES.includes(parsed.density as Density)
        ? (parsed.density as Density)
        : DEFAULTS.density,
    };
  } catch {
    return DEFAULTS;
  }
}

export function useTablePrefs(tableId: string) {
  const user = useAppSelector(selectUser)?.username ?? 'anonymous';
  const key = prefsKey(user, tableId);
  const [prefs, setPrefs] = useState<TablePrefs>(() => read(key));
  useEffect(() => setPrefs(read(key)), [key]);
  const update = useCallback(
    (patch: Partial<TablePrefs>) =>
      setPrefs((current) => {
        const next = { ...current, ...patch };
        try {
          globalThis.localStorage?.setItem(key, JSON.stringify(next));
        } catch {
          /* storage full or disabled: the setting lasts for this page only */
        }
        return next;
      }),
    [key],
  );
  return [prefs, update] as const;
}
