import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Page } from '../../contracts/envelope';
import { createStore } from '../../store';
import { SearchTable, type SearchQuery } from './SearchTable';
import { prefsKey } from './usePrefs';

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

/** An in-memory list endpoint with the server's paging and sorting semantics. */
function listing(seen: SearchQuery[]) {
  return async (q: SearchQuery): Promise<Page<Row>> => {
    seen.push(q);
    const sorted = [...rows];
    if (q.sortField === 'code' && q.sortOrder === 'descend') sorted.reverse();
    const start = (q.current - 1) * q.pageSize;
    return { list: sorted.slice(start, start + q.pageSize), total: rows.length };
  };
}

function setup(props: Partial<Parameters<typeof SearchTable<Row>>[0]> = {}) {
  const store = createStore();
  const seen: SearchQuery[] = [];
  render(
    <Provider store={store}>
      <SearchTable<Row>
        tableId="rows"
        rowKey="id"
        fetch={listing(seen)}
        columns={[
          { key: 'code', dataIndex: 'code', title: 'Code', sortable: true },
          { key: 'name', dataIndex: 'name', title: 'Name' },
        ]}
        {...props}
      />
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
    await waitFor(() => expect(screen.getByText('C1')).toBeTruthy());
    expect(seen[0]).toMatchObject({ current: 1, pageSize: 10 });
    expect(seen[0].sortField).toBeUndefined();
    expect(screen.queryByText('C11')).toBeNull();
  });

  it('shows the create button only when the page passes onCreate', async () => {
    setup();
    await waitFor(() => screen.getByText('C1'));
    expect(screen.queryByTestId('search-table-create')).toBeNull();
    cleanup();
    setup({ onCreate: () => {} });
    await waitFor(() => screen.getByText('C1'));
    expect(screen.getByTestId('search-table-create')).toBeTruthy();
  });

  it('hides a column from the settings and keeps the choice per user and table', async () => {
    setup();
    await waitFor(() => screen.getByText('Name 1'));
    await act(async () => fireEvent.click(screen.getByTestId('search-table-columns')));
    const settings = await screen.findByTestId('column-settings');
    const nameBox = [...settings.querySelectorAll('label')].find((l) => l.textContent === 'Name')!;
    await act(async () => fireEvent.click(nameBox));
    await waitFor(() => expect(screen.queryByText('Name 1')).toBeNull());
    // Nobody is signed in in this test, so the settings are the anonymous user's.
    const stored = JSON.parse(localStorage.getItem(prefsKey('anonymous', 'rows'))!);
    expect(stored.hidden).toEqual(['name']);
  });
});
