// Backup and restore (/system/backup-restore, issue #15 point 6): take a backup now, see the
// schedule, list, download, delete and restore backups, or restore from an uploaded file.
// Restoring and deleting ask first, saying what will happen. Every call needs `system:backup`
// (admin by default); a role that reaches the page without it sees what the page is for and
// who can use it, with nothing to press (issue 25 point 14).
import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Message,
  Modal,
  Result,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDownload, IconLock, IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import type { BackupItem, BackupKind, RestoreResult } from '@console/shared';
import { operationDateTime } from '@console/shared/i18n';
import { apiErrorMessage } from '@console/shared/api';
import { useHasPermission } from '@console/shared/permission';
import {
  backupApi,
  useBackupStatusQuery,
  useBackupsQuery,
  useCreateBackupMutation,
  useDeleteBackupMutation,
  useRestoreBackupMutation,
  useRestoreUploadMutation,
} from './api';
import { upFrom } from '@console/shared/components/responsive';
import { OperationProgress } from './OperationProgress';

const KIND_COLOR: Record<BackupKind, string> = {
  manual: 'arcoblue',
  scheduled: 'green',
  'pre-restore': 'orange',
};

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export default function BackupRestorePage() {
  const canBackup = useHasPermission('system:backup');
  return canBackup ? <BackupRestore /> : <BackupReadOnly />;
}

/** The page for a role without `system:backup`: what it is for, nothing to press. */
function BackupReadOnly() {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: 'backup.title' })} data-testid="backup-page">
      <Empty
        icon={<IconLock style={{ fontSize: 48 }} />}
        description={
          <Space direction="vertical" size={4} data-testid="backup-read-only">
            <Typography.Text bold>
              {intl.formatMessage({ id: 'backup.readOnly.title' })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {intl.formatMessage({ id: 'backup.readOnly.content' })}
            </Typography.Text>
          </Space>
        }
      />
    </Card>
  );
}

/** Checksums are long: the first characters, the whole on hover, copied with one click. */
function Checksum({ value, tip }: { value: string; tip: string }) {
  return (
    <Tooltip content={tip}>
      <Typography.Text code copyable={{ text: value }} style={{ margin: 0, ...NOWRAP }}>
        {value.slice(0, 12)}…
      </Typography.Text>
    </Tooltip>
  );
}

function BackupRestore() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const list = useBackupsQuery(page);
  const status = useBackupStatusQuery();
  const [createBackup, { isLoading: creating }] = useCreateBackupMutation();
  const [deleteBackup] = useDeleteBackupMutation();
  const [restoreBackup, { isLoading: restoringStored }] = useRestoreBackupMutation();
  const [restoreUpload, { isLoading: restoringUpload }] = useRestoreUploadMutation();
  const restoring = restoringStored || restoringUpload;
  const [refusal, setRefusal] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The list and the schedule refetch by the mutations' events (backup.changed).
  const create = async () => {
    try {
      await createBackup().unwrap();
      Message.success(t('backup.created'));
      setPage((p) => ({ ...p, current: 1 }));
    } catch {
      /* the client showed the server's message */
    }
  };

  const runRestore = async (action: () => Promise<RestoreResult>) => {
    setRefusal(null);
    try {
      const result = await action();
      Message.success({
        content: t('backup.restored', { time: operationDateTime(result.restored.createdAt) }),
        duration: 3000,
      });
      // Every page's data changed: start again from the server (or the sign-in page when
      // the restored data does not hold this account).
      setTimeout(() => window.location.reload(), 1500);
    } catch (error) {
      setRefusal(apiErrorMessage(error));
    }
  };

  const confirmRestore = (content: string, action: () => Promise<RestoreResult>) =>
    Modal.confirm({
      title: t('backup.restore.title'),
      content: (
        <Space direction="vertical" data-testid="backup-restore-confirm">
          <Typography.Text bold>{content}</Typography.Text>
          <Typography.Text>{t('backup.restore.steps')}</Typography.Text>
        </Space>
      ),
      okText: t('backup.restore.ok'),
      cancelText: t('backup.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: () => void runRestore(action),
    });

  const restoreStored = (item: BackupItem) =>
    confirmRestore(
      t('backup.restore.contentStored', {
        time: operationDateTime(item.createdAt),
        rows: intl.formatNumber(item.rows),
      }),
      () => restoreBackup({ id: item.id }).unwrap(),
    );

  const restoreFile = (file: File) =>
    confirmRestore(
      t('backup.restore.contentFile', { name: file.name, size: formatBytes(file.size) }),
      () => restoreUpload({ file }).unwrap(),
    );

  const remove = (item: BackupItem) =>
    Modal.confirm({
      title: t('backup.delete.title'),
      content: t('backup.delete.content', {
        time: operationDateTime(item.createdAt),
        kind: t(`backup.kind.${item.kind}`),
        size: formatBytes(item.size),
      }),
      okText: t('backup.delete.ok'),
      cancelText: t('backup.cancel'),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        try {
          await deleteBackup({ id: item.id }).unwrap();
          Message.success(t('backup.deleted'));
        } catch {
          /* the client showed the server's message */
        }
      },
    });

  const columns: TableColumnProps<BackupItem>[] = [
    {
      title: t('backup.col.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <span style={NOWRAP}>{operationDateTime(v)}</span>,
    },
    {
      title: t('backup.col.kind'),
      dataIndex: 'kind',
      render: (v: BackupKind) => <Tag color={KIND_COLOR[v]}>{t(`backup.kind.${v}`)}</Tag>,
    },
    {
      title: t('backup.col.size'),
      dataIndex: 'size',
      render: (v: number) => <span style={NOWRAP}>{formatBytes(v)}</span>,
    },
    { title: t('backup.col.rows'), dataIndex: 'rows', render: (v: number) => intl.formatNumber(v) },
    {
      // The downloaded file's SHA-256 (what sha256sum prints); the content's is in the tip.
      title: t('backup.col.checksum'),
      dataIndex: 'fileSha256',
      render: (v: string, item: BackupItem) => (
        <span data-testid="backup-file-sha256" data-sha256={v}>
          <Checksum
            value={v}
            tip={`${t('backup.checksum.file')}: ${v} · ${t('backup.checksum.content')}: ${item.sha256}`}
          />
        </span>
      ),
    },
    { title: t('backup.col.schema'), dataIndex: 'schemaVersion' },
    {
      title: t('backup.col.actions'),
      key: 'actions',
      render: (_: unknown, item: BackupItem) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<IconDownload />}
            href={backupApi.downloadUrl(item.id)}
            download
          >
            {t('backup.action.download')}
          </Button>
          <Button
            type="text"
            size="small"
            disabled={restoring}
            onClick={() => restoreStored(item)}
            data-testid="backup-restore"
          >
            {t('backup.action.restore')}
          </Button>
          <Button
            type="text"
            size="small"
            status="danger"
            disabled={restoring}
            onClick={() => remove(item)}
            data-testid="backup-delete"
          >
            {t('backup.action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const s = status.data;
  return (
    <Space direction="vertical" size="medium" style={{ width: '100%' }} data-testid="backup-page">
      <Card
        title={t('backup.title')}
        extra={
          <Space>
            <Button
              type="primary"
              icon={<IconPlus />}
              loading={creating}
              disabled={restoring}
              onClick={() => void create()}
              data-testid="backup-create"
            >
              {creating ? t('backup.creating') : t('backup.create')}
            </Button>
            <Button
              icon={<IconUpload />}
              disabled={restoring || creating}
              onClick={() => fileInput.current?.click()}
              data-testid="backup-upload"
            >
              {t('backup.restoreFromFile')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".gz,application/gzip"
              style={{ display: 'none' }}
              data-testid="backup-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) restoreFile(file);
              }}
            />
          </Space>
        }
      >
        {restoring && (
          <Alert type="info" content={t('backup.restore.running')} style={{ marginBottom: 16 }} />
        )}
        {(creating || restoring || status.data?.running) && (
          <div style={{ marginBottom: 16 }}>
            <OperationProgress />
          </div>
        )}
        {refusal && (
          <Alert
            type="error"
            title={t('backup.restore.refused')}
            content={refusal}
            closable
            onClose={() => setRefusal(null)}
            style={{ marginBottom: 16 }}
            data-testid="backup-refusal"
          />
        )}
        {status.isError ? (
          <Alert
            type="warning"
            content={
              status.error && 'message' in status.error
                ? String(status.error.message)
                : t('backup.loadFailed')
            }
          />
        ) : (
          <Descriptions
            column={upFrom({ xs: 1, md: 2, lg: 3 })}
            title={t('backup.schedule')}
            data={[
              {
                label: t('backup.schedule.cron'),
                value: !s ? (
                  '…'
                ) : s.scheduleCron ? (
                  <Typography.Text code>{s.scheduleCron}</Typography.Text>
                ) : (
                  t('backup.schedule.off')
                ),
              },
              {
                label: t('backup.schedule.next'),
                value: !s ? (
                  '…'
                ) : s.nextRunAt ? (
                  operationDateTime(s.nextRunAt)
                ) : s.scheduleCron ? (
                  <Typography.Text type="warning">{t('backup.schedule.invalid')}</Typography.Text>
                ) : (
                  '—'
                ),
              },
              {
                label: t('backup.schedule.retention'),
                value: s ? t('backup.schedule.retentionValue', { count: s.retentionCount }) : '…',
              },
              { label: t('backup.version.schema'), value: s?.schemaVersion ?? '…' },
              { label: t('backup.version.app'), value: s?.appVersion ?? '…' },
            ]}
          />
        )}
        <Typography.Text type="secondary">{t('backup.schedule.hint')}</Typography.Text>
      </Card>
      <Card title={t('backup.list')}>
        {list.isError ? (
          <Result
            status="error"
            title={t('backup.loadFailed')}
            subTitle={
              list.error && 'message' in list.error ? String(list.error.message) : undefined
            }
            extra={
              <Button type="primary" onClick={() => void list.refetch()}>
                {t('backup.retry')}
              </Button>
            }
          />
        ) : (
          <Table<BackupItem>
            rowKey="id"
            columns={columns}
            data={list.data?.list ?? []}
            loading={list.isFetching}
            noDataElement={<Empty description={t('backup.empty')} />}
            pagination={{
              current: page.current,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              showTotal: true,
              sizeCanChange: true,
              onChange: (current, pageSize) => setPage({ current, pageSize }),
            }}
            data-testid="backup-table"
          />
        )}
      </Card>
    </Space>
  );
}
