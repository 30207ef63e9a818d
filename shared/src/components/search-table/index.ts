/**
 * The search table every list page uses (seed §2 "Search Table"; issue #6).
 *
 *   <SearchTable<Spot>
 *     tableId="scenic-spots"                       // column settings are kept per user + table
 *     rowKey="id"
 *     columns={[{ key: 'code', dataIndex: 'code', title: t('code'), sortable: true }, …]}
 *     filters={[{ field: 'keyword', label: t('keyword'), element: <Input allowClear /> }, …]}
 *     useList={spotsApi.useListSpotsQuery}         // an RTK Query hook: { current, pageSize, sortField?, sortOrder?, …filters }
 *     onCreate={canWrite ? openDrawer : undefined} // create button only when permitted
 *     importConfig={{                              // a successful import refetches what its event names
 *       url: '/scenic/spots/import',
 *       event: { type: 'scenic.spot.imported' },
 *       template: (format) => downloadFile('/scenic/spots/import/template', { format }, `template.${format}`),
 *     }}
 *     exportFile={(query, format) => downloadFile('/scenic/spots/export', { ...query, format }, `spots.${format}`)}
 *     renderCards={(rows) => <SpotCards rows={rows} />}   // optional card view toggle
 *   />
 *
 * Filter, sort and page live in the page's URL (reload, back and a shared link keep them); a
 * write refreshes the rows by invalidating the endpoint's tags, not by a reload counter.
 * Sorting is done by the server: a `sortable` column sends its `key` as `sortField`.
 * Density (mini/small/medium/large) and hidden columns persist in localStorage under
 * `search-table:<username>:<tableId>`. Its texts come in zh-CN and en-US (messages.ts).
 */
export {
  SearchTable,
  type SearchListResult,
  type SearchQuery,
  type SearchTableColumn,
  type SearchTableProps,
  type SortOrder,
} from './SearchTable';
export { cleanFilter, FilterForm, type FilterField, type FilterValues } from './FilterForm';
export { type ImportConfig } from './ImportModal';
export { type UseImportProgress } from './ImportProgress';
export { DENSITIES, prefsKey, type Density, type TablePrefs } from './usePrefs';
export { SEARCH_TABLE_TEXTS } from './messages';
// A sortable column of a table outside the search table, sorted from the keyboard too.
export { keyboardSortable, useTablePrefix } from './sortHeader';
export { readTableState, writeTableState, type TableUrlState } from './urlState';
