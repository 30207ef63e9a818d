// A scenic spot picker that searches as the user types (issue #11 point 5, #18 item 3): it
// asks the server for a page of matches instead of loading a capped list, and resolves the
// selected id(s) to their names, so a spot outside the first page (or just created) shows its
// name, never its raw id. Controlled like any Arco input (Form.Item supplies value/onChange).
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Select } from '@arco-design/web-react';
import type { ScenicSpotOption } from '../../contracts/scenic';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSpotOptionsQuery } from '../../api/spotOptions';

export interface SpotPickerProps {
  value?: number | number[];
  onChange?(value: number | number[] | undefined): void;
  mode?: 'multiple';
  allowClear?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  disabled?: boolean;
  'data-testid'?: string;
}

/** How long typing pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

export const spotOptionLabel = (s: ScenicSpotOption) => `${s.name}（${s.code}）`;

export function SpotPicker({ value, onChange, ...rest }: SpotPickerProps) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const selected = useMemo(
    () => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
    [value],
  );
  const matches = useSpotOptionsQuery({ keyword: keyword || undefined });
  const known = new Set(matches.data?.list.map((s) => s.id));
  const unresolved = selected.filter((id) => !known.has(id));
  const resolved = useSpotOptionsQuery(
    unresolved.length > 0 ? { ids: [...unresolved].sort((a, b) => a - b) } : skipToken,
  );

  const options = useMemo(() => {
    const byId = new Map<number, ScenicSpotOption>();
    for (const s of resolved.data?.list ?? []) byId.set(s.id, s);
    for (const s of matches.data?.list ?? []) byId.set(s.id, s);
    return [...byId.values()].map((s) => ({ value: s.id, label: spotOptionLabel(s) }));
  }, [matches.data, resolved.data]);

  return (
    <Select
      {...rest}
      showSearch
      filterOption={false}
      loading={matches.isFetching}
      value={value}
      onChange={(v: number | number[] | undefined) => onChange?.(v)}
      onSearch={setInput}
      options={options}
    />
  );
}
