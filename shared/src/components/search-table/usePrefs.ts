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
  density: Density;
}

const DEFAULTS: TablePrefs = { hidden: [], density: 'medium' };

export const prefsKey = (user: string, tableId: string) => `search-table:${user}:${tableId}`;

function read(key: string): TablePrefs {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (!raw) return DEFAULTS;
    const parsed = JSON.parse(raw) as Partial<TablePrefs>;
    return {
      hidden: Array.isArray(parsed.hidden)
        ? parsed.hidden.filter((k) => typeof k === 'string')
        : [],
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
