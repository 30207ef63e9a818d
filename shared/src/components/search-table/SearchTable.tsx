// The console's search table (seed §2 "Search Table": filter form, create, import, download,
// column settings, density mini/small/medium/large) with server pagination and sorting.
import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
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
import { keyboardSortable, useTablePrefix } from './sortHeader';
import { DENSITIES, columnVisible, useTablePrefs, withColumn, type Density } from './usePrefs';
import { PAGE_SIZES, useTableUrlState, type SortOrder } from './urlState';

export type { SortOrder };

/** What `useList` receives: the filter plus page and sort, as the list endpoints take them. */
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
  /** Hidden until the user shows it in the column settings. */
  defaultHidden?: boolean;
};

/** What the table needs of a list query: an RTK Query `use…Query` hook fits. */
export interface SearchListResult<Row> {
  data?: Page<Row>;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

const NO_FILTERS: FilterField[] = [];
const NO_FILTER: FilterValues = {};

export interface SearchTableProps<Row> {
  /** Identifies the table in the stored column settings (with the user). */
  tableId: string;
  rowKey: string | ((row: Row) => Key);
  columns: SearchTableColumn<Row>[];
  filters?: FilterField[];
  initialFilter?: FilterValues;
  /** The list query (a hook: called on every render with the current query). */
  useList(query: SearchQuery): SearchListResult<Row>;
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
  defaultPageSize?: number;
  /** Table width before it scrolls sideways (e.g. the sum of the column widths). */
  scrollX?: number;
}

const EMPTY_PAGE = { list: [], total: 0 };

const TABLE_SIZE: Record<Density, 'mini' | 'small' | 'middle' | 'default'> = {
  mini: 'mini',
  small: 'small',
  medium: 'middle',
  large: 'default',
};

/**
 * The sum of the columns' widths when every column has one: the table scrolls sideways
 * rather than squeezing columns (with `x: true` a fixed actions column covered the squeezed
 * ones, issue #18 item 15).
 */
export function columnsWidth(columns: { width?: number | string }[]): number | undefined {
  if (columns.length === 0 || columns.some((c) => typeof c.width !== 'number')) return undefined;
  return columns.reduce((sum, c) => sum + (c.width as number), 0);
}

export function SearchTable<Row extends object>(props: SearchTableProps<Row>) {
  const { tableId, columns, useList } = props;
  const locale = useAppSelector(selectLocale);
  const texts = SEARCH_TABLE_TEXTS[locale] ?? SEARCH_TABLE_TEXTS['en-US'];
  const [prefs, setPrefs] = useTablePrefs(tableId);
  // Filter, sort and page live in the URL (reload, back and a shared link keep them).
  const [state, setState] = useTableUrlState(props.filters ?? NO_FILTERS, {
    filter: props.initialFilter ?? NO_FILTER,
    pageSize: props.defaultPageSize ?? 10,
  });
  const { filter } = state;
  const page = { current: state.current, pageSize: state.pageSize };
  const sort = useMemo(
    () => ({ field: state.sortField, order: state.sortOrder }),
    [state.sortField, state.sortOrder],
  );
  const [view, setView] = useState<'table' | 'card'>('table');
  const [importing, setImporting] = useState(false);

  const query = useMemo<SearchQuery>(
    () => ({
      ...state.filter,
      current: state.current,
      pageSize: state.pageSize,
      ...(state.sortField && state.sortOrder
        ? { sortField: state.sortField, sortOrder: state.sortOrder }
        : {}),
    }),
    [state],
  );

  const result = useList(query);
  const data = result.data ?? EMPTY_PAGE;
  const loading = result.isFetching;
  const failed = result.isError;
  const reload = () => void result.refetch();

  // A page beyond the end (after deletes or a narrower filter) moves back to the last.
  const pastEnd =
    !!result.data && result.data.list.length === 0 && result.data.total > 0 && query.current > 1;
  useEffect(() => {
    if (pastEnd && result.data) {
      setState({ current: Math.max(1, Math.ceil(result.data.total / query.pageSize)) });
    }
  }, [pastEnd, result.data, query.pageSize, setState]);

  const tablePrefix = useTablePrefix();
  const visibleColumns = useMemo(
    () =>
      columns
        .filter((c) => columnVisible(prefs, c))
        .map((c) => {
          const { sortable, fixedVisible: _f, defaultHidden: _h, ...rest } = c;
          if (!sortable) return rest;
          const sortOrder = sort.field === c.key ? sort.order : undefined;
          // Sorted from the keyboard too (sortHeader.ts).
          return {
            ...rest,
            sorter: true,
            sortOrder,
            ...keyboardSortable(rest, sortOrder, tablePrefix),
          };
        }),
    [columns, prefs, sort, tablePrefix],
  );

  const pagination = {
    current: page.current,
    pageSize: page.pageSize,
    total: data.total,
    showTotal: (total: number) => fill(texts.total, { total }),
    sizeCanChange: true,
    sizeOptions: PAGE_SIZES,
  };

  const columnSettings = (
    <div data-testid="column-settings" style={{ minWidth: 180 }}>
      {columns.map((c) => (
        <div key={c.key}>
          <Checkbox
            checked={columnVisible(prefs, c)}
            disabled={c.fixedVisible}
            onChange={(checked: boolean) => setPrefs(withColumn(prefs, c.key, checked))}
          >
            {c.title as ReactNode}
          </Checkbox>
        </div>
      ))}
      <Divider style={{ margin: '8px 0' }} />
      <Button size="mini" type="text" onClick={() => setPrefs({ hidden: [], shown: [] })}>
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
            // The URL may change under the form (back, a link): the form follows it.
            key={JSON.stringify(filter)}
            fields={props.filters}
            initial={props.initialFilter ?? NO_FILTER}
            current={filter}
            texts={texts}
            onSearch={(values) => setState({ filter: values, current: 1 })}
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
              onChange={(current, pageSize) => setState({ current, pageSize })}
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
          scroll={{ x: props.scrollX ?? columnsWidth(visibleColumns) ?? true }}
          onChange={(p, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = s?.direction ? String(s.field) : undefined;
            if (field !== sort.field || s?.direction !== sort.order) {
              setState({ sortField: field, sortOrder: s?.direction, current: 1 });
            } else {
              setState({ current: p.current ?? 1, pageSize: p.pageSize ?? page.pageSize });
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
        />
      )}
    </div>
  );
}
