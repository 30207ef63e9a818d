// A sortable column's header from the keyboard (WCAG 2.1.1): Arco makes a clickable div inside
// the <th> the sorter, with no Tab stop, key handling or aria-sort. The header becomes the Tab
// stop and Enter or Space clicks that div, so the keyboard takes Arco's own cycle (ascending →
// descending → none) and the table's onChange, the same way as the mouse.
import { useContext, type CSSProperties, type KeyboardEvent } from 'react';
import { ConfigProvider, type TableColumnProps } from '@arco-design/web-react';
import type { SortOrder } from './urlState';

const ARIA_SORT = { ascend: 'ascending', descend: 'descending' } as const;

/** The <th>'s own props: the Tab stop, its order for screen readers, and its keys. */
function headerProps(order: SortOrder | undefined, tablePrefix: string) {
  return {
    tabIndex: 0,
    'aria-sort': order ? ARIA_SORT[order] : 'none',
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const { key, target, currentTarget } = event;
      if (key !== 'Enter' && key !== ' ') return;
      // Only the header's own keys; a held key sorts once.
      if (target !== currentTarget || event.repeat) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // Space would scroll the page.
      event.preventDefault();
      currentTarget.querySelector<HTMLElement>(`.${tablePrefix}-cell-with-sorter`)?.click();
    },
  };
}

/**
 * What a sortable column adds to its Arco column props, keeping the page's own header props and
 * style. `tablePrefix` is Arco's table class prefix (`arco-table` unless a ConfigProvider
 * renames it).
 */
export function keyboardSortable(
  column: Pick<TableColumnProps, 'onHeaderCell' | 'headerCellStyle'>,
  order: SortOrder | undefined,
  tablePrefix: string,
): Pick<TableColumnProps, 'onHeaderCell' | 'headerCellStyle'> {
  const style: CSSProperties = {
    ...column.headerCellStyle,
    // The focus ring (a11y.less) inside the header: drawn 2 px outside it, the table's scroll
    // box cut it off at the top and on the first column's left.
    outlineOffset: -2,
  };
  return {
    headerCellStyle: style,
    onHeaderCell: (col: unknown, index: number) => ({
      ...column.onHeaderCell?.(col, index),
      ...headerProps(order, tablePrefix),
    }),
  };
}

/** Arco's table class prefix where the table renders: `arco-table` unless a ConfigProvider renames it. */
export function useTablePrefix(): string {
  return useContext(ConfigProvider.ConfigContext).getPrefixCls?.('table') ?? 'arco-table';
}
