// Maintenance windows of a spot: table with create, edit and delete (issue #6).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Card,
  Message,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import type { ScenicMaintenanceWindow, ScenicSpot } from '@console/shared';
import { useRemoveWindowMutation, useScenicWindowsQuery } from '../../api';
import { operationDateTime } from '@console/shared/i18n';
import { WindowEditor } from './WindowEditor';

const PHASE_COLOR = { current: 'purple', past: 'gray', upcoming: 'arcoblue' } as const;

const NO_ROWS: ScenicMaintenanceWindow[] = [];

export function WindowsTable({ spot }: { spot: ScenicSpot }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const windows = useScenicWindowsQuery(spot.id);
  const rows = windows.isError ? NO_ROWS : (windows.data ?? NO_ROWS);
  const loading = windows.isFetching;
  // A window added, edited or removed refreshes the windows, the spot's derived status and
  // capacity, and the lists (its mutation: `scenic.window.changed`).
  const [removeWindow] = useRemoveWindowMutation();
  const [editing, setEditing] = useState<ScenicMaintenanceWindow | 'new' | null>(null);
  const openEditor = (w: ScenicMaintenanceWindow | 'new') => setEditing(w);

  return (
    <Card
      title={t('scenic.maintenance.windows')}
      extra={
        <Button
          type="primary"
          size="small"
          onClick={() => openEditor('new')}
          data-testid="window-add"
        >
          {t('scenic.window.add')}
        </Button>
      }
      data-testid="windows-card"
    >
      <Typography.Paragraph type="secondary">
        {t('scenic.maintenance.windowsHint')}
      </Typography.Paragraph>
      <Table
        rowKey="id"
        loading={loading}
        data={rows}
        pagination={false}
        noDataElement={
          <Typography.Text type="secondary">{t('scenic.window.empty')}</Typography.Text>
        }
        columns={[
          {
            title: t('scenic.window.start'),
            dataIndex: 'startAt',
            render: (v: string) => operationDateTime(v),
          },
          {
            title: t('scenic.window.end'),
            dataIndex: 'endAt',
            render: (v: string) => operationDateTime(v),
          },
          { title: t('scenic.window.reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('scenic.window.capacity'), dataIndex: 'capacity' },
          {
            title: t('scenic.field.status'),
            dataIndex: 'phase',
            render: (p: ScenicMaintenanceWindow['phase']) => (
              <Tag color={PHASE_COLOR[p]}>{t(`scenic.window.phase.${p}`)}</Tag>
            ),
          },
          {
            title: '',
            render: (_: unknown, w: ScenicMaintenanceWindow) => (
              <Space size={0}>
                <Button type="text" size="mini" onClick={() => openEditor(w)}>
                  {t('scenic.action.edit')}
                </Button>
                <Popconfirm
                  title={t('scenic.window.deleteConfirm')}
                  onOk={async () => {
                    await removeWindow({
                      id: spot.id,
                      windowId: w.id,
                      version: w.version,
                    }).unwrap();
                    Message.success(t('scenic.action.deleted'));
                  }}
                >
                  <Button type="text" size="mini" status="danger">
                    {t('scenic.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && (
        <WindowEditor
          spot={spot}
          window={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
