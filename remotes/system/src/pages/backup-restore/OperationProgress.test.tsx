// Issue 25 point 16: a running backup or restore shows a bar, what it is doing, the tables and
// rows done and the time left, in both languages.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { BACKUP_PHASES, type BackupProgress } from '@console/shared';
import zhCN from '../../locale/zh-CN';
import enUS from '../../locale/en-US';
import { OperationProgressBar } from './OperationProgress';

const restoring: BackupProgress = {
  operation: 'restore',
  phase: 'replace',
  startedAt: '2026-11-27T04:52:55.365Z',
  tablesDone: 12,
  tables: 36,
  rowsDone: 436000,
  rowsTotal: 524591,
  percent: 81,
  secondsLeft: 91,
};

function renderIn(locale: 'zh-CN' | 'en-US', progress: BackupProgress) {
  render(
    <IntlProvider locale={locale} messages={locale === 'zh-CN' ? zhCN : enUS}>
      <OperationProgressBar progress={progress} />
    </IntlProvider>,
  );
  return screen.getByTestId('backup-progress');
}

afterEach(cleanup);

describe('the backup progress bar', () => {
  it('shows the share done, the phase, tables and rows done and the time left (zh-CN)', () => {
    const bar = renderIn('zh-CN', restoring);
    expect(bar.textContent).toContain('81%');
    expect(screen.getByTestId('backup-progress-text').textContent).toBe(
      '正在恢复数据 · 表 12 / 36 · 行 436,000 / 524,591 · 约剩 1 分 31 秒',
    );
  });

  it('says the same in English, and that the time left is being estimated at first', () => {
    renderIn('en-US', { ...restoring, phase: 'backup', operation: 'backup', secondsLeft: null });
    expect(screen.getByTestId('backup-progress-text').textContent).toBe(
      'Backing up · tables 12 / 36 · rows 436,000 / 524,591 · estimating the time left',
    );
  });

  it('counts seconds alone under a minute', () => {
    renderIn('en-US', { ...restoring, phase: 'validate', secondsLeft: 42 });
    expect(screen.getByTestId('backup-progress-text').textContent).toContain(
      'Checking the file · tables 12 / 36',
    );
    expect(screen.getByTestId('backup-progress-text').textContent).toContain('about 42 s left');
  });

  it('names every phase in both languages, the rebuild after the rows among them', () => {
    for (const phase of BACKUP_PHASES) {
      for (const messages of [zhCN, enUS] as Record<string, string>[]) {
        expect(messages[`backup.progress.phase.${phase}`], phase).toBeTruthy();
      }
    }
    renderIn('zh-CN', { ...restoring, phase: 'rebuild', percent: 97, secondsLeft: 4 });
    expect(screen.getByTestId('backup-progress-text').textContent).toBe(
      '正在重建索引与外键 · 表 12 / 36 · 行 436,000 / 524,591 · 约剩 4 秒',
    );
    cleanup();
    renderIn('en-US', { ...restoring, phase: 'audit', percent: 40 });
    expect(screen.getByTestId('backup-progress-text').textContent).toContain(
      'Checking the backup’s operation log · tables 12 / 36',
    );
  });
});
