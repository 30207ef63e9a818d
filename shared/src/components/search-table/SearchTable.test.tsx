import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Page } from '../../contracts/envelope';
import { consoleApi } from '../../api/rtk';
import { createStore } from '../../store';
import { SearchTable, type SearchQuery } from './SearchTable';
import { prefsKey } from './usePrefs';
import '../responsive/matchMedia.testing';

interface Row {
  id: number;
  code: string;
  name: string;
}

const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  code: `C${i + 1}`,
  name: `Name ${i + 1}`,
}));

let seen: SearchQuery[] = [];

/** Arco in jsdom on a loaded machine can take seconds to answer: no failure (vitest.config.ts). */
const SLOW = { timeout: 15_000 };

/** An in-memory list endpoint (RTK Query) with the server's paging and sorting semantics. */
const rowsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    testRows: build.query<Page<Row>, SearchQuery>({
      queryFn: (q) => {
        seen.push(q);
        const sorted = rows.filter((r) => !q.keyword || r.name.includes(String(q.keyword)));
        if (q.sortField === 'code' && q.sortOrder === 'descend') sorted.reverse();
        const start = (q.current - 1) * q.pageSize;
        return { data: { list: sorted.slice(start, start + q.pageSize), total: sorted.length } };
      },
    }),
  }),
});

let location = '';
function Location() {
  const l = useLocation();
  location = l.search;
  return null;
}

function setup(props: Partial<Parameters<typeof SearchTable<Row>>[0]> = {}, url = '/rows') {
  const store = createStore();
  seen = [];
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <SearchTable<Row>
          tableId="rows"
          rowKey="id"
          useList={rowsApi.useTestRowsQuery}
          columns={[
            { key: 'code', dataIndex: 'code', title: 'Code', sortable: true },
            { key: 'name', dataIndex: 'name', title: 'Name' },
          ]}
          {...props}
        />
        <Location />
      </MemoryRouter>
    </Provider>,
  );
  return { seen };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('SearchTable', () => {
  it('asks the server for the first page of 10 and shows the total', async () => {
    const { seen } = setup();
    await waitFor(() => expect(screen.getByText('C1')).toBeTruthy(), SLOW);
    expect(seen[0]).toMatchObject({ current: 1, pageSize: 10 });
    expect(seen[0].sortField).toBeUndefined();
    expect(screen.queryByText('C11')).toBeNull();
  });

  it('shows the create button only when the page passes onCreate', async () => {
    setup();
    await waitFor(() => screen.getByText('C1'), SLOW);
    expect(screen.queryByTestId('search-table-create')).toBeNull();
    cleanup();
    setup({ onCreate: () => {} });
    await waitFor(() => screen.getByText('C1'), SLOW);
    expect(screen.getByTestId('search-table-create')).toBeTruthy();
  });

  it('hides a column from the settings and keeps the choice per user and table', async () => {
    setup();
    await waitFor(() => screen.getByText('Name 1'), SLOW);
    await act(async () => fireEvent.click(screen.getByTestId('search-table-columns')));
    const settings = await screen.findByTestId('column-settings', {}, SLOW);
    const nameBox = [...settings.querySelectorAll('label')].find((l) => l.textContent === 'Name')!;
    await act(async () => fireEvent.click(nameBox));
    await waitFor(() => expect(screen.queryByText('Name 1')).toBeNull(), SLOW);
    // Nobody is signed in in this test, so the settings are the anonymous user's.
    const stored = JSON.parse(localStorage.getItem(prefsKey('anonymous', 'rows'))!);
    expect(stored.hidden).toEqual(['name']);
  });

  it('keeps a column hidden by default until the user shows it, and remembers that', async () => {
    const columns = [
      { key: 'code', dataIndex: 'code', title: 'Code' },
      { key: 'name', dataIndex: 'name', title: 'Name', defaultHidden: true },
    ];
    setup({ columns });
    await waitFor(() => screen.getByText('C1'), SLOW);
    expect(screen.queryByText('Name 1')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('search-table-columns')));
    const settings = await screen.findByTestId('column-settings', {}, SLOW);
    const nameBox = [...settings.querySelectorAll('label')].find((l) => l.textContent === 'Name')!;
    expect(nameBox.querySelector('input')!.checked).toBe(false);
    await act(async () => fireEvent.click(nameBox));
    await waitFor(() => expect(screen.getByText('Name 1')).toBeTruthy(), SLOW);
    const stored = JSON.parse(localStorage.getItem(prefsKey('anonymous', 'rows'))!);
    expect(stored).toMatchObject({ hidden: [], shown: ['name'] });
    // A later visit shows it too; the reset goes back to the defaults.
    cleanup();
    setup({ columns });
    await waitFor(() => expect(screen.getByText('Name 1')).toBeTruthy(), SLOW);
    await act(async () => fireEvent.click(screen.getByTestId('search-table-columns')));
    const reset = await screen.findByText(/reset|重置/i, {}, SLOW);
    await act(async () => fireEvent.click(reset));
    await waitFor(() => expect(screen.queryByText('Name 1')).toBeNull(), SLOW);
  });

  it('reads filter, sort and page from the URL, so a reload or a shared link shows the same rows', async () => {
    setup(
      { filters: [{ field: 'keyword', label: 'Keyword', element: <input /> }] },
      '/rows?keyword=Name%202&current=2&pageSize=10&sortField=code&sortOrder=descend&tab=x',
    );
    // Name 2, Name 20…23 match (5 rows): page 2 of 10 is past the end, so it moves to page 1.
    await waitFor(() => expect(screen.getByText('C23')).toBeTruthy(), SLOW);
    expect(seen[0]).toMatchObject({
      keyword: 'Name 2',
      current: 2,
      pageSize: 10,
      sortField: 'code',
      sortOrder: 'descend',
    });
    expect(seen.at(-1)).toMatchObject({ current: 1 });
    expect(location).toContain('keyword=Name+2');
    expect(location).toContain('sortOrder=descend');
    expect(location).toContain('tab=x');
    expect(location).not.toContain('current=');
  });

  it('writes a page change into the URL', async () => {
    setup();
    await waitFor(() => screen.getByText('C1'), SLOW);
    await act(async () => fireEvent.click(screen.getByText('2')));
    await waitFor(() => expect(screen.getByText('C11')).toBeTruthy(), SLOW);
    expect(location).toBe('?current=2');
    expect(seen.at(-1)).toMatchObject({ current: 2, pageSize: 10 });
  });

  it('sorts a column from the keyboard: Tab reaches its header, Enter and Space cycle it as a click does', async () => {
    setup();
    await waitFor(() => screen.getByText('C1'), SLOW);
    const header = screen.getByText('Code').closest('th')!;
    // The header is the next Tab stop after the toolbar's last control.
    const stops = tabStops();
    expect(stops[stops.indexOf(screen.getByTestId('search-table-columns')) + 1]).toBe(header);
    expect(header.getAttribute('aria-sort')).toBe('none');
    // A column the server does not sort is no Tab stop and claims no order.
    const name = screen.getByText('Name').closest('th')!;
    expect(stops).not.toContain(name);
    expect(name.hasAttribute('aria-sort')).toBe(false);

    header.focus();
    const press = async (key: string) => {
      let handled = false;
      await act(async () => {
        handled = !fireEvent.keyDown(document.activeElement!, { key });
      });
      return handled;
    };
    expect(await press('Enter')).toBe(true);
    await waitFor(() => expect(location).toBe('?sortField=code&sortOrder=ascend'), SLOW);
    expect(seen.at(-1)).toMatchObject({ current: 1, sortField: 'code', sortOrder: 'ascend' });
    expect(screen.getByText('Code').closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    // The focus stays on the header, so the next press sorts again.
    expect(document.activeElement).toBe(screen.getByText('Code').closest('th'));

    await press('Enter');
    await waitFor(() => expect(location).toBe('?sortField=code&sortOrder=descend'), SLOW);
    await waitFor(() => expect(screen.getByText('C23')).toBeTruthy(), SLOW);
    expect(seen.at(-1)).toMatchObject({ sortField: 'code', sortOrder: 'descend' });
    expect(screen.getByText('Code').closest('th')!.getAttribute('aria-sort')).toBe('descending');

    // Space too, and it does not scroll the page (its default is prevented): back to no order.
    expect(await press(' ')).toBe(true);
    await waitFor(() => expect(location).toBe(''), SLOW);
    expect(seen.at(-1)!.sortField).toBeUndefined();
    expect(screen.getByText('Code').closest('th')!.getAttribute('aria-sort')).toBe('none');
    expect(document.activeElement).toBe(screen.getByText('Code').closest('th'));
  });
});

/** The Tab sequence: focusable elements in document order (no positive tabindex here). */
function tabStops(): Element[] {
  return [...document.body.querySelectorAll<HTMLElement>('*')].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled,
  );
}
