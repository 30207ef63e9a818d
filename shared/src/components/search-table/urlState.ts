// The search table's filter, sort and page live in the page's URL (issue #18, item 15), so a
// reload, the back button and a shared link show the same rows. Only the table's own keys (its
// filter fields and current/pageSize/sortField/sortOrder) are read and written; any other
// parameter of the page (e.g. a section preview) is left alone.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilterField, FilterValues } from './FilterForm';

export type SortOrder = 'ascend' | 'descend';

export interface TableUrlState {
  filter: FilterValues;
  current: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
}

const PAGE_KEYS = ['current', 'pageSize', 'sortField', 'sortOrder'] as const;
export const PAGE_SIZES = [10, 20, 50, 100];

function positiveInt(text: string | null): number | undefined {
  if (!text || !/^\d{1,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? n : undefined;
}

/** Reads the table's state from URL parameters (bad values fall back to the defaults). */
export function readTableState(
  params: URLSearchParams,
  fields: readonly FilterField[],
  defaults: { filter: FilterValues; pageSize: number },
): TableUrlState {
  const filter: FilterValues = {};
  let anyFilter = false;
  for (const f of fields) {
    const all = params.getAll(f.field);
    if (all.length === 0) continue;
    anyFilter = true;
    const parse = (v: string) => (f.numeric && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
    filter[f.field] = all.length > 1 ? all.map(parse) : parse(all[0]);
  }
  const pageSize = positiveInt(params.get('pageSize'));
  const sortOrder = params.get('sortOrder');
  const sortField = params.get('sortField') ?? undefined;
  const sorted = sortField && (sortOrder === 'ascend' || sortOrder === 'descend');
  return {
    filter: anyFilter ? filter : defaults.filter,
    current: positiveInt(params.get('current')) ?? 1,
    pageSize: pageSize && PAGE_SIZES.includes(pageSize) ? pageSize : defaults.pageSize,
    ...(sorted ? { sortField, sortOrder: sortOrder as SortOrder } : {}),
  };
}

/** Writes the table's state into URL parameters, keeping every other parameter. */
export function writeTableState(
  params: URLSearchParams,
  fields: readonly FilterField[],
  state: TableUrlState,
  defaultPageSize: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const f of fields) next.delete(f.field);
  for (const key of PAGE_KEYS) next.delete(key);
  for (const [field, value] of Object.entries(state.filter)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) next.append(field, String(v));
  }
  if (state.current > 1) next.set('current', String(state.current));
  if (state.pageSize !== defaultPageSize) next.set('pageSize', String(state.pageSize));
  if (state.sortField && state.sortOrder) {
    next.set('sortField', state.sortField);
    next.set('sortOrder', state.sortOrder);
  }
  return next;
}

/** The table's state and a setter; each change replaces the history entry's query. */
export function useTableUrlState(
  fields: readonly FilterField[],
  defaults: { filter: FilterValues; pageSize: number },
): [TableUrlState, (change: Partial<TableUrlState>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const fieldNames = fields.map((f) => `${f.field}:${f.numeric ? 1 : 0}`).join(',');
  const defaultsKey = JSON.stringify(defaults);
  const state = useMemo(
    () => readTableState(new URLSearchParams(key), fields, defaults),
    // Recomputed when the URL or the field list changes, not on every new array from the page.
    [key, fieldNames, defaultsKey],
  );
  const update = useCallback(
    (change: Partial<TableUrlState>) => {
      setParams(
        (old) =>
          writeTableState(
            old,
            fields,
            { ...readTableState(old, fields, defaults), ...change },
            defaults.pageSize,
          ),
        { replace: true },
      );
    },
    [setParams, fieldNames, defaultsKey],
  );
  return [state, update];
}
