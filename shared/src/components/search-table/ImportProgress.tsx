// An import's progress in its dialog (issue 26 item 16): while the upload runs, the phase
// (read, check, write) and the rows read, checked and written, polled from the section's
// `<list>/import/progress`. The bar counts every row three times (read, checked, written) and
// never shows 100 % before the import has answered.
import { useEffect, useState } from 'react';
import { Progress, Typography } from '@arco-design/web-react';
import { IMPORT_PHASES, type ImportPhase, type ImportProgress } from '../../contracts/spreadsheet';
import { useAppSelector } from '../../store';
import { selectLocale } from '../../store/localeSlice';
import { fill, type SearchTableTexts } from './messages';

/** How often the dialog asks while the upload runs. */
export const IMPORT_PROGRESS_POLL_MS = 500;

/**
 * A section's poll of its `<list>/import/progress`: an RTK Query hook asking every
 * `pollingInterval` ms, giving the running import (null when none, undefined before the
 * first answer). The dialog mounts it only while the upload runs, so the polling stops when
 * the import answers.
 */
export type UseImportProgress = (pollingInterval: number) => ImportProgress | null | undefined;

/** Share done, 0–99: each row is read, checked, then written; 100 only once it has answered. */
export function importPercent(p: ImportProgress | null | undefined): number {
  if (!p || p.rowsTotal === 0) return 0;
  const done = p.rowsRead + p.rowsChecked + p.rowsWritten;
  return Math.min(99, Math.floor((100 * done) / (3 * p.rowsTotal)));
}

const PHASE_TEXT: Record<ImportPhase | 'upload', keyof SearchTableTexts> = {
  upload: 'importPhaseUpload',
  read: 'importPhaseRead',
  check: 'importPhaseCheck',
  write: 'importPhaseWrite',
};

export function ImportProgressBar({
  useProgress,
  texts,
}: {
  useProgress: UseImportProgress;
  texts: SearchTableTexts;
}) {
  const locale = useAppSelector(selectLocale);
  const data = useProgress(IMPORT_PROGRESS_POLL_MS);
  // The last progress seen: a poll answering just after the import ended says null.
  const [seen, setSeen] = useState<ImportProgress | null>(null);
  useEffect(() => {
    if (data) setSeen(data);
  }, [data]);
  const p = data ?? seen;
  // Before the server has the file (still uploading), no import of the caller runs yet.
  const phase = texts[PHASE_TEXT[p?.phase ?? 'upload']];
  const n = (v: number) => v.toLocaleString(locale);
  return (
    <div data-testid="import-progress" data-phase={p?.phase ?? 'upload'} style={{ marginTop: 16 }}>
      <Progress
        percent={importPercent(p)}
        animation
        aria-label={fill(texts.importProgress, { phase })}
      />
      <Typography.Text type="secondary" data-testid="import-progress-text">
        {/* A screen reader hears each step as it comes, not every count. */}
        <span aria-live="polite">
          {fill(texts.importStep, {
            step: p ? IMPORT_PHASES.indexOf(p.phase) + 1 : 1,
            steps: IMPORT_PHASES.length,
            phase,
          })}
        </span>
        {p && p.rowsTotal > 0
          ? ` · ${fill(texts.importRows, {
              read: n(p.rowsRead),
              checked: n(p.rowsChecked),
              written: n(p.rowsWritten),
              total: n(p.rowsTotal),
            })}`
          : ''}
      </Typography.Text>
    </div>
  );
}
