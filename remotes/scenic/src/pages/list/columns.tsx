// Columns of the spot table.
import { Button, Popconfirm, Progress, Space, Tag } from '@arco-design/web-react';
import type { IntlShape } from 'react-intl';
import type { ScenicSpot } from '@console/shared';
import type { SearchTableColumn } from '@console/shared/components/search-table';
import { BAND_COLOR, regionText, STATUS_COLOR, yuan } from '../../hooks';

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
  return [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('scenic.field.code'),
      sortable: true,
      fixedVisible: true,
      width: 150,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('scenic.field.name'),
      sortable: true,
      fixedVisible: true,
      width: 200,
      render: (_: unknown, s) => (
        <Button type="text" size="mini" onClick={() => opts.onDetail(s)} style={{ padding: 0 }}>
          {s.name}
        </Button>
      ),
    },
    {
      key: 'grade',
      dataIndex: 'grade',
      title: t('scenic.field.grade'),
      sortable: true,
      width: 100,
      render: (g: string) => t(`scenic.grade.${g}`),
    },
    {
      key: 'category',
      dataIndex: 'category',
      title: t('scenic.field.category'),
      width: 110,
      render: (c: string) => opts.categoryLabel(c),
    },
    {
      key: 'province',
      dataIndex: 'province',
      title: t('scenic.field.region'),
      sortable: true,
      width: 130,
      render: (_: unknown, s) => regionText(s),
    },
    {
      key: 'dailyCapacity',
      dataIndex: 'dailyCapacity',
      title: t('scenic.field.dailyCapacity'),
      sortable: true,
      width: 120,
    },
    {
      key: 'instantCapacity',
      dataIndex: 'instantCapacity',
      title: t('scenic.field.instantCapacity'),
      sortable: true,
      width: 130,
    },
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
    {
      key: 'priceAdult',
      dataIndex: 'priceAdult',
      title: t('scenic.field.priceAdult'),
      sortable: true,
      width: 130,
      render: (p: number) => yuan(p),
    },
    // Fixed at the right edge like the guide list's: at 1366–1440 px the table scrolls and the
    // actions were off screen. Wide enough for "Detail Edit Delete" in English.
    {
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
    },
  ];
}
