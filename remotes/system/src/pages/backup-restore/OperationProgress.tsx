// The running backup's or restore's progress (issue 25 point 16): a bar over the whole
// operation, what it is doing, the tables and rows done and the time left. Polled from
// GET /api/backups/progress while one runs.
import { Progress, Space, Typography } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { BackupProgress } from '@console/shared';
import { useBackupProgressQuery } from './api';

const POLL_MS = 1000;

/** Mounted while an operation runs (this page started it, or the server says one runs). */
export function OperationProgress() {
  const { data } = useBackupProgressQuery(undefined, { pollingInterval: POLL_MS });
  return data ? <OperationProgressBar progress={data} /> : null;
}

export function OperationProgressBar({ progress: p }: { progress: BackupProgress }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const n = (v: number) => intl.formatNumber(v);
  const left =
    p.secondsLeft === null
      ? t('backup.progress.estimating')
      : p.secondsLeft >= 60
        ? t('backup.progress.leftMinutes', {
            minutes: Math.floor(p.secondsLeft / 60),
            seconds: p.secondsLeft % 60,
          })
        : t('backup.progress.leftSeconds', { seconds: p.secondsLeft });
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }} data-testid="backup-progress">
      <Progress percent={p.percent} animation aria-label={t(`backup.progress.phase.${p.phase}`)} />
      <Typography.Text type="secondary" data-testid="backup-progress-text">
        {t(`backup.progress.phase.${p.phase}`)} ·{' '}
        {t('backup.progress.tables', { done: n(p.tablesDone), total: n(p.tables) })} ·{' '}
        {t('backup.progress.rows', { done: n(p.rowsDone), total: n(p.rowsTotal) })} · {left}
      </Typography.Text>
    </Space>
  );
}
