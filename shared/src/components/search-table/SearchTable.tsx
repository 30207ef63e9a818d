// The console's search table (seed §2 "Search Table": filter form, create, import, download,
// column settings, density mini/small/medium/large) with server pagination and sorting.
import { useCallback, useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Divider,
  Dropdown,
  Empty,
  Menu,
  Pagination,
  Popover,
  Radio,
  Result,
  Space,
  Table,
  Tooltip,
  type TableColumnProps,
} from '@arco-design/web-react';
import {
  IconDownload,
  IconLineHeight,
  IconPlus,
  IconSettings,
  IconUpload,
} from '@arco-design/web-react/icon';
import type { Page } from '../../contracts/envelope';
import type { SpreadsheetFormat } from '../../contracts/spreadsheet';
import { useAppSelector } from '../../store';
import { selectLocale } from '../../store/localeSlice';
import { FilterForm, type FilterField, type FilterValues } from './FilterForm';
import { ImportModal, type ImportConfig } from './ImportModal';
import { fill, SEARCH_TABLE_TEXTS } from './messages';
import { DENSITIES, useTablePrefs, type Density } from './usePrefs';

export type SortOrder = 'ascend' | 'descend';

/** What `fetch` receives: the filter plus page and sort, as the list endpoints take them. */
export type SearchQuery = FilterValues & {
  current: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: SortOrder;
};

export type SearchTableColumn<Row> = TableColumnProps<Row> & {
  /** Stable key (column settings are stored by it); also the sort field when sortable. */
  key: string;
  /** Sorted on the server by `key`. */
  sortable?: boolean;
  /** Cannot be hidden in column settings. */
  fixedVisible?: boolean;
};

export interface SearchTableProps<Row> {
  /** Identifies the table in the stored column settings (with the user). */
  tableId: string;
  rowKey: string | ((row: Row) => Key);
  columns: SearchTableColumn<Row>[];
  filters?: FilterField[];
  initialFilter?: FilterValues;
  fetch(query: SearchQuery): Promise<Page<Row>>;
  /** Shows the create button (pass it only when the role may create). */
  onCreate?(): void;
  importConfig?: ImportConfig;
  /** Downloads the current filter and sort. */
  exportFile?(
    query: Omit<SearchQuery, 'current' | 'pageSize'>,
    format: SpreadsheetFormat,
  ): Promise<void>;
  /** An alternative card view of the current page. */
  renderCards?(rows: Row[]): ReactNode;
  toolbarExtra?: ReactNode;
  /** Changing it reloads the current page (after an edit elsewhere). */
  reloadToken?: unknown;
  defaultPageSize?: number;
  /** Table width before it scrolls sideways (e.g. the sum of the column widths). */
  scrollX?: number;
}

const TABLE_SIZE: Record<Density, 'mini' | 'small' | 'middle' | 'default'> = {
  mini: 'mini',
  small: 'small',
  medium: 'middle',
  large: 'default',
};

export function SearchTable<Row extends object>(props: SearchTableProps<Row>) {
  const { tableId, columns, fetch, reloadToken } = props;
  const locale = useAppSelector(selectLocale);
  const texts = SEARCH_TABLE_TEXTS[locale] ?? SEARCH_TABLE_TEXTS['en-US'];
  const [prefs, setPrefs] = useTablePrefs(tableId);
  const [filter, setFilter] = useState<FilterValues>(props.initialFilter ?? {});
  const [page, setPage] = useState({ current: 1, pageSize: props.defaultPageSize ?? 10 });
  const [sort, setSort] = useState<{ field?: string; order?: SortOrder }>({});
  const [data, setData] = useState<Page<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<'table' | 'card'>('table');
  const [importing, setImporting] = useState(false);
  const [tick, setTick] = useState(0);

  const query = useMemo<SearchQuery>(
    () => ({
      ...filter,
      current: page.current,
      pageSize: page.pageSize,
      ...(sort.field && sort.order ? { sortField: sort.field, sortOrder: sort.order } : {}),
    }),
    [filter, page, sort],
  );

  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailed(false);
    fetch(query)
      .then((result) => {
        if (!live) return;
        // A page beyond the end (after deletes or a narrower filter) moves back to the last.
        if (result.list.length === 0 && result.total > 0 && query.current > 1) {
          setPage((p) => ({ ...p, current: Math.max(1, Math.ceil(result.total / p.pageSize)) }));
          return;
        }
        setData(result);
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [fetch, query, reloadToken, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);

  const visibleColumns = useMemo(
    () =>
      columns
        .filter((c) => c.fixedVisible || !prefs.hidden.includes(c.key))
        .map((c) => {
          const { sortable, fixedVisible: _f, ...rest } = c;
          return sortable
            ? { ...rest, sorter: true, sortOrder: sort.field === c.key ? sort.order : undefined }
            : rest;
        }),
    [columns, prefs.hidden, sort],
  );

  const pagination = {
    current: page.current,
    pageSize: page.pageSize,
    total: data.total,
    showTotal: (total: number) => fill(texts.total, { total }),
    sizeCanChange: true,
    sizeOptions: [10, 20, 50, 100],
  };

  const columnSettings = (
    <div data-testid="column-settings" style={{ minWidth: 180 }}>
      {columns.map((c) => (
        <div key={c.key}>
          <Checkbox
            checked={c.fixedVisible || !prefs.hidden.includes(c.key)}
            disabled={c.fixedVisible}
            onChange={(checked: boolean) =>
              setPrefs({
                hidden: checked
                  ? prefs.hidden.filter((k) => k !== c.key)
                  : [...prefs.hidden, c.key],
              })
            }
          >
            {c.title as ReactNode}
          </Checkbox>
        </div>
      ))}
      <Divider style={{ margin: '8px 0' }} />
      <Button size="mini" type="text" onClick={() => setPrefs({ hidden: [] })}>
        {texts.columnsReset}
      </Button>
    </div>
  );

  const densityLabel: Record<Density, string> = {
    mini: texts.densityMini,
    small: texts.densitySmall,
    medium: texts.densityMedium,
    large: texts.densityLarge,
  };

  const { current: _c, pageSize: _p, ...exportQuery } = query;

  return (
    <div className="search-table" data-testid={`search-table-${tableId}`}>
      {props.filters && props.filters.length > 0 && (
        <>
          <FilterForm
            fields={props.filters}
            initial={props.initialFilter ?? {}}
            texts={texts}
            onSearch={(values) => {
              setFilter(values);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          <Divider style={{ marginTop: 0 }} />
        </>
      )}
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          marginBottom: 16,
          gap: 8,
          flexWrap: 'wrap',
        }}
      >
        <Space wrap>
          {props.onCreate && (
            <Button
              type="primary"
              icon={<IconPlus />}
              onClick={props.onCreate}
              data-testid="search-table-create"
            >
              {texts.create}
            </Button>
          )}
          {props.importConfig && (
            <Button
              icon={<IconUpload />}
              onClick={() => setImporting(true)}
              data-testid="search-table-import"
            >
              {texts.import}
            </Button>
          )}
          {props.toolbarExtra}
        </Space>
        <Space wrap>
          {props.exportFile && (
            <Dropdown
              trigger="click"
              droplist={
                <Menu
                  onClickMenuItem={(key) =>
                    void props.exportFile?.(exportQuery, key as SpreadsheetFormat)
                  }
                >
                  <Menu.Item key="xlsx">{texts.downloadXlsx}</Menu.Item>
                  <Menu.Item key="csv">{texts.downloadCsv}</Menu.Item>
                </Menu>
              }
            >
              <Button icon={<IconDownload />} data-testid="search-table-download">
                {texts.download}
              </Button>
            </Dropdown>
          )}
          {props.renderCards && (
            <Radio.Group
              type="button"
              value={view}
              onChange={setView}
              data-testid="search-table-view"
            >
              <Radio value="table">{texts.viewTable}</Radio>
              <Radio value="card">{texts.viewCard}</Radio>
            </Radio.Group>
          )}
          <Dropdown
            trigger="click"
            droplist={
              <Menu
                selectedKeys={[prefs.density]}
                onClickMenuItem={(key) => setPrefs({ density: key as Density })}
              >
                {DENSITIES.map((d) => (
                  <Menu.Item key={d} data-testid={`density-${d}`}>
                    {densityLabel[d]}
                  </Menu.Item>
                ))}
              </Menu>
            }
          >
            <Tooltip content={texts.density}>
              <Button
                icon={<IconLineHeight />}
                aria-label={texts.density}
                data-testid="search-table-density"
              />
            </Tooltip>
          </Dropdown>
          <Popover trigger="click" position="br" title={texts.columns} content={columnSettings}>
            <Button
              icon={<IconSettings />}
              aria-label={texts.columns}
              data-testid="search-table-columns"
            />
          </Popover>
        </Space>
      </div>

      {failed ? (
        <Result
          status="error"
          title={texts.loadFailed}
          extra={
            <Button type="primary" onClick={reload}>
              {texts.retry}
            </Button>
          }
        />
      ) : view === 'card' && props.renderCards ? (
        <Card bordered={false} loading={loading} bodyStyle={{ padding: 0 }}>
          {data.list.length === 0 && !loading ? (
            <Empty description={texts.empty} />
          ) : (
            props.renderCards(data.list)
          )}
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
            <Pagination
              {...pagination}
              onChange={(current, pageSize) => setPage({ current, pageSize })}
            />
          </div>
        </Card>
      ) : (
        <Table<Row>
          rowKey={props.rowKey as never}
          loading={loading}
          columns={visibleColumns}
          data={data.list}
          size={TABLE_SIZE[prefs.density]}
          noDataElement={<Empty description={texts.empty} />}
          pagination={pagination}
          scroll={{ x: props.scrollX ?? true }}
          onChange={(p, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = s?.direction ? String(s.field) : undefined;
            if (field !== sort.field || s?.direction !== sort.order) {
              setSort({ field, order: s?.direction });
              setPage((old) => ({ ...old, current: 1 }));
            } else {
              setPage({ current: p.current ?? 1, pageSize: p.pageSize ?? page.pageSize });
            }
          }}
        />
      )}

      {props.importConfig && (
        <ImportModal
          visible={importing}
          config={props.importConfig}
          texts={texts}
          onClose={() => setImporting(false)}
          onImported={reload}
        />
      )}
    </div>
  );
}
