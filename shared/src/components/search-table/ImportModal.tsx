// Import dialog: template downloads, file choice, then the server's report (all or nothing).
// The upload is a mutation: an import that succeeded refetches the lists its event names.
import { useRef, useState } from 'react';
import { Alert, Button, Modal, Result, Space, Table, Typography } from '@arco-design/web-react';
import {
  SPREADSHEET_LIMITS,
  type ImportReport,
  type SpreadsheetFormat,
} from '../../contracts/spreadsheet';
import { useImportSpreadsheetMutation, type SpreadsheetImportEvent } from '../../api/files';
import { ImportProgressBar, type UseImportProgress } from './ImportProgress';
import { fill, type SearchTableTexts } from './messages';

export interface ImportConfig {
  /** The import endpoint (under /api) the file is uploaded to. */
  url: string;
  /** What a successful import stands for: the reads its tags name refetch (`invalidation.ts`). */
  event: SpreadsheetImportEvent;
  /** Downloads the empty template. */
  template(format: SpreadsheetFormat): Promise<void>;
  /** Polls the list's import progress while the upload runs: phase and rows (issue 26 item 16). */
  useProgress?: UseImportProgress;
}

export function ImportModal({
  visible,
  config,
  texts,
  onClose,
}: {
  visible: boolean;
  config: ImportConfig;
  texts: SearchTableTexts;
  onClose(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [importSpreadsheet, { isLoading: busy }] = useImportSpreadsheetMutation();
  const [report, setReport] = useState<ImportReport | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReport(null);
    try {
      // A rejected import answers its report too (and invalidates nothing).
      setReport(await importSpreadsheet({ url: config.url, file, event: config.event }).unwrap());
    } catch {
      /* the client showed the message (size limit, unreadable file …) */
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const close = () => {
    setReport(null);
    onClose();
  };

  return (
    <Modal
      title={texts.importTitle}
      visible={visible}
      onCancel={close}
      style={{ width: 760 }}
      footer={<Button onClick={close}>{texts.close}</Button>}
      unmountOnExit
    >
      <div data-testid="import-modal">
        <Typography.Paragraph type="secondary">
          {fill(texts.importHint, { max: SPREADSHEET_LIMITS.maxRows })}
        </Typography.Paragraph>
        <Space wrap>
          <Button type="text" onClick={() => void config.template('xlsx')}>
            {texts.templateXlsx}
          </Button>
          <Button type="text" onClick={() => void config.template('csv')}>
            {texts.templateCsv}
          </Button>
          <Button
            type="primary"
            loading={busy}
            onClick={() => input.current?.click()}
            data-testid="import-choose"
          >
            {busy ? texts.importing : report ? texts.importAgain : texts.chooseFile}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            style={{ display: 'none' }}
            data-testid="import-file"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Space>
        {busy && config.useProgress && (
          <ImportProgressBar useProgress={config.useProgress} texts={texts} />
        )}
        {report && <ReportView report={report} texts={texts} />}
      </div>
    </Modal>
  );
}

function ReportView({ report, texts }: { report: ImportReport; texts: SearchTableTexts }) {
  if (report.ok) {
    return (
      <Result
        status="success"
        title={fill(texts.importOk, { imported: report.imported })}
        data-testid="import-ok"
      />
    );
  }
  return (
    <div data-testid="import-report" style={{ marginTop: 16 }}>
      <Alert
        type="error"
        title={texts.importRejected}
        content={fill(texts.importSummary, {
          total: report.total,
          failedRows: report.failedRows,
          errorCount: report.errorCount,
        })}
      />
      {report.unknownColumns.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          content={fill(texts.unknownColumns, { columns: report.unknownColumns.join(', ') })}
        />
      )}
      <Table
        style={{ marginTop: 12 }}
        size="small"
        rowKey={(r) => `${r.row}:${r.field}:${r.message}`}
        data={report.errors}
        pagination={report.errors.length > 10 ? { pageSize: 10, size: 'mini' } : false}
        columns={[
          {
            title: texts.row,
            dataIndex: 'row',
            width: 84,
            render: (row: number) => <span style={{ whiteSpace: 'nowrap' }}>{row}</span>,
          },
          {
            title: texts.column,
            dataIndex: 'column',
            width: 140,
            render: (v: string, r) => v || r.field,
          },
          { title: texts.message, dataIndex: 'message' },
          { title: texts.value, dataIndex: 'value', width: 160, ellipsis: true },
        ]}
      />
      {report.errorCount > report.errors.length && (
        <Typography.Text type="secondary">
          {fill(texts.importMore, { shown: report.errors.length })}
        </Typography.Text>
      )}
    </div>
  );
}
