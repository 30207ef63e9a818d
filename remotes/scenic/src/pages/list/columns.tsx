// Columns of the spot table: the fields' columns come from SCENIC_FIELD_SPECS (width, sortable
// where the server sorts, hidden until shown); the region, the load, the status, the opening
// hours and the actions are derived or composite columns written here.
import { Button, Popconfirm, Progress, Space, Tag } from '@arco-design/web-react';
import type { IntlShape } from 'react-intl';
import { SCENIC_FIELD_SPECS, resolveLocale, type ScenicSpot } from '@console/shared';
import type { SearchTableColumn } from '@console/shared/components/search-table';
import { columnsOf } from '@console/shared/components/field-specs';
import { BAND_COLOR, regionText, STATUS_COLOR, yuan } from '../../hooks';

/** The columns with `extra` put after the column `key`. */
function after<Row>(
  columns: SearchTableColumn<Row>[],
  key: string,
  ...extra: SearchTableColumn<Row>[]
): SearchTableColumn<Row>[] {
  const at = columns.findIndex((c) => c.key === key) + 1;
  return [...columns.slice(0, at), ...extra, ...columns.slice(at)];
}

export function spotColumns(opts: {
  intl: IntlShape;
  categoryLabel(value: string): string;
  canMaintain: boolean;
  onDetail(spot: ScenicSpot): void;
  onEdit(spot: ScenicSpot): void;
  onDelete(spot: ScenicSpot): void;
}): SearchTableColumn<ScenicSpot>[] {
  const t = (id: string, values?: Record<string, string | number>) =>
    opts.intl.formatMessage({ id }, values);
  const price = (fen: number) => t('scenic.price', { amount: yuan(fen) });
  const fields = columnsOf<ScenicSpot>(SCENIC_FIELD_SPECS, resolveLocale(opts.intl.locale), {
    dictionaryLabel: (_, value) => opts.categoryLabel(value),
    render: {
      name: (_: never, s) => (
        <Button type="text" size="mini" onClick={() => opts.onDetail(s)} style={{ padding: 0 }}>
          {s.name}
        </Button>
      ),
      priceAdult: (p: number) => price(p),
      priceChild: (p: number) => price(p),
    },
  });
  // Province and city show as one region, sorted by province (its key keeps the user's
  // column settings).
  const region: SearchTableColumn<ScenicSpot> = {
    key: 'province',
    dataIndex: 'province',
    title: t('scenic.field.region'),
    sortable: true,
    width: 130,
    render: (_: unknown, s) => regionText(s),
  };
  const live: SearchTableColumn<ScenicSpot>[] = [
    {
      key: 'loadPercent',
      title: t('scenic.field.load'),
      sortable: true,
      width: 180,
      render: (_: unknown, s) => (
        <Space size={4} direction="vertical" style={{ width: '100%' }}>
          <Progress
            percent={Math.min(100, s.load.loadPercent)}
            color={BAND_COLOR[s.load.band]}
            size="small"
            formatText={() => `${s.load.loadPercent}%`}
            aria-label={`${s.name} ${t('scenic.field.load')}`}
          />
          <span style={{ fontSize: 12, color: 'var(--color-text-3)' }}>
            {t(`scenic.band.${s.load.band}`)} · {s.load.inPark}/{s.load.capacity}
          </span>
        </Space>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('scenic.field.status'),
      width: 100,
      render: (st: ScenicSpot['status']) => (
        <Tag color={STATUS_COLOR[st]}>{t(`scenic.status.${st}`)}</Tag>
      ),
    },
    {
      key: 'hours',
      title: t('scenic.field.hours'),
      width: 120,
      render: (_: unknown, s) => `${s.openTime}–${s.closeTime}`,
    },
  ];
  // Fixed at the right edge like the guide list's: at 1366–1440 px the table scrolls and the
  // actions were off screen. Wide enough for "Detail Edit Delete" in English.
  const actions: SearchTableColumn<ScenicSpot> = {
    key: 'actions',
    title: t('scenic.action.title'),
    fixedVisible: true,
    fixed: 'right' as const,
    width: opts.canMaintain ? (opts.intl.locale === 'en-US' ? 200 : 170) : 90,
    render: (_: unknown, s) => (
      <Space size={0}>
        <Button type="text" size="mini" onClick={() => opts.onDetail(s)}>
          {t('scenic.action.detail')}
        </Button>
        {opts.canMaintain && (
          <Button
            type="text"
            size="mini"
            onClick={() => opts.onEdit(s)}
            data-testid={`edit-${s.code}`}
          >
            {t('scenic.action.edit')}
          </Button>
        )}
        {opts.canMaintain && (
          <Popconfirm
            title={t('scenic.action.deleteConfirm', { name: s.name })}
            onOk={() => opts.onDelete(s)}
          >
            <Button type="text" size="mini" status="danger">
              {t('scenic.action.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  };
  return [...after(after(fields, 'category', region), 'instantCapacity', ...live), actions];
}
