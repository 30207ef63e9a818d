// Operation log (/system/operation-log, issue #15 point 5): the shared filter form, keyset
// pages (newest / newer / older: no page numbers, since the server never counts the log),
// a row's detail with the field diff, the current filter's CSV export (streamed by the
// server to a file) and the verification of the hash chain. Every call needs
// `system:audit:read`; a role that reaches the page without it sees who may read the log,
// with nothing to press (issue 25 point 14).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import {
  IconCheckCircle,
  IconDownload,
  IconExclamationCircle,
  IconLeft,
  IconLock,
  IconRight,
  IconSafe,
  IconToTop,
} from '@arco-design/web-react/icon';
import {
  AUDIT_SENTENCES,
  auditSentence,
  BUILTIN_ROLES,
  operationInstant,
  type AuditDetail,
  type AuditFilter,
  type AuditRow,
  type AuditVerifyResult,
  type Locale,
} from '@console/shared';
import {
  FilterForm,
  SEARCH_TABLE_TEXTS,
  type FilterValues,
} from '@console/shared/components/search-table';
import { operationDateTime } from '@console/shared/i18n';
import { useHasPermission } from '@console/shared/permission';
import { auditExportUrl, systemApi, useAuditPageQuery } from '../../api';

const PAGE_SIZE = 20;
type Cursor = { before?: number; after?: number };

/** The filter form's values → the API's filter (the time range becomes two instants). */
function toFilter(values: FilterValues): AuditFilter {
  const { range, ...rest } = values as FilterValues & { range?: [string, string] };
  const filter = { ...rest } as AuditFilter;
  if (range?.[0]) filter.from = operationInstant(range[0]);
  if (range?.[1]) filter.to = operationInstant(range[1]);
  return filter;
}

const json = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

export default function OperationLogPage() {
  const canRead = useHasPermission('system:audit:read');
  return canRead ? <OperationLog /> : <OperationLogReadOnly />;
}

/** The page for a role without `system:audit:read`: who may read the log, nothing to press. */
function OperationLogReadOnly() {
  const intl = useIntl();
  return (
    <Card data-testid="operation-log">
      <Empty
        icon={<IconLock style={{ fontSize: 48 }} />}
        description={
          <Typography.Text data-testid="operation-log-read-only">
            {intl.formatMessage({ id: 'log.forbidden' })}
          </Typography.Text>
        }
      />
    </Card>
  );
}

function OperationLog() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [filterValues, setFilterValues] = useState<FilterValues>({});
  const [cursor, setCursor] = useState<Cursor>({});
  const filter = toFilter(filterValues);
  const page = useAuditPageQuery({ ...filter, ...cursor, pageSize: PAGE_SIZE });
  const [detail, setDetail] = useState<AuditDetail | null>(null);
  const [detailLoading, setDetailLoading] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState<AuditVerifyResult | null>(null);

  const open = async (id: number) => {
    setDetailLoading(true);
    try {
      setDetail(await systemApi.auditDetail(id));
    } finally {
      setDetailLoading(false);
    }
  };

  const verify = async () => {
    setVerifying(true);
    try {
      setVerified(await systemApi.verify());
    } finally {
      setVerifying(false);
    }
  };

  // The shared renderer fills the sentence's placeholders ({subject} is empty here: a log row
  // carries no subject); an action it does not know shows as its code.
  const actionText = (action: string, result: number) =>
    AUDIT_SENTENCES[action] ? auditSentence({ action, result }, locale) : action;

  const columns: TableColumnProps<AuditRow>[] = [
    { title: t('log.field.id'), dataIndex: 'id', width: 90 },
    {
      title: t('log.field.at'),
      dataIndex: 'at',
      width: 150,
      render: (at: string) => operationDateTime(at),
    },
    // A gate key's name ("gate:sgk_YB3szdbo") is one token: cut with an ellipsis, never broken.
    { title: t('log.field.user'), dataIndex: 'username', width: 120, ellipsis: true },
    { title: t('log.field.role'), dataIndex: 'role', width: 100 },
    {
      title: t('log.field.action'),
      dataIndex: 'action',
      width: 260,
      render: (action: string, row) => (
        <Space direction="vertical" size={0}>
          <span>{actionText(action, row.result)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {action}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('log.field.entity'),
      width: 240,
      // A record id reads as one token: never broken inside the cell, and cut with an ellipsis
      // rather than running over the result column ("section_pin #development/dashboard").
      ellipsis: true,
      render: (_: unknown, row) =>
        row.entityType ? `${row.entityType}${row.entityId ? ` #${row.entityId}` : ''}` : '—',
    },
    {
      title: t('log.field.result'),
      dataIndex: 'result',
      width: 120,
      render: (result: number) => (
        <Tag color={result < 400 ? 'green' : 'red'}>
          {result < 400 ? t('log.result.success') : `${t('log.result.failure')} ${result}`}
        </Tag>
      ),
    },
    { title: t('log.field.duration'), dataIndex: 'durationMs', width: 120 },
    { title: t('log.field.ip'), dataIndex: 'ip', width: 130 },
    {
      title: t('log.field.actions'),
      width: 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button size="mini" type="text" onClick={() => open(row.id)}>
          {t('log.detail')}
        </Button>
      ),
    },
  ];
  // The table scrolls sideways at exactly its columns' width, so the fixed actions column never
  // covers the result column on a narrow screen.
  const tableWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);

  const fields = [
    { field: 'username', label: t('log.field.user'), element: <Input allowClear /> },
    {
      field: 'role',
      label: t('log.field.role'),
      element: (
        <Select
          allowClear
          options={BUILTIN_ROLES.map((r) => ({ value: r, label: t(`log.role.${r}`) }))}
        />
      ),
    },
    {
      field: 'action',
      label: t('log.field.action'),
      element: <Input allowClear placeholder={t('log.actionPlaceholder')} />,
    },
    { field: 'entityType', label: t('log.field.entityType'), element: <Input allowClear /> },
    { field: 'entityId', label: t('log.field.entityId'), element: <Input allowClear /> },
    {
      field: 'result',
      label: t('log.field.result'),
      element: (
        <Select
          allowClear
          options={[
            { value: 'success', label: t('log.result.success') },
            { value: 'failure', label: t('log.result.failure') },
          ]}
        />
      ),
    },
    {
      field: 'range',
      label: t('log.field.range'),
      element: <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm" />,
    },
  ];

  const error = page.error as { status?: number } | undefined;
  const data = page.data;

  return (
    <Card data-testid="operation-log">
      <FilterForm
        fields={fields}
        initial={{}}
        current={filterValues}
        texts={SEARCH_TABLE_TEXTS[locale] ?? SEARCH_TABLE_TEXTS['en-US']}
        onSearch={(values) => {
          setFilterValues(values);
          setCursor({});
        }}
      />
      <Space style={{ margin: '12px 0', justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          <Button icon={<IconSafe />} loading={verifying} onClick={verify}>
            {t('log.verify')}
          </Button>
          <a href={auditExportUrl(filter)} download>
            <Button icon={<IconDownload />}>{t('log.export')}</Button>
          </a>
        </Space>
        <Space>
          <Button
            icon={<IconToTop />}
            disabled={!cursor.before && !cursor.after}
            onClick={() => setCursor({})}
          >
            {t('log.newest')}
          </Button>
          <Button
            icon={<IconLeft />}
            disabled={!data?.prev}
            onClick={() => setCursor({ after: data!.prev! })}
          >
            {t('log.newer')}
          </Button>
          <Button disabled={!data?.next} onClick={() => setCursor({ before: data!.next! })}>
            {t('log.older')}
            <IconRight />
          </Button>
        </Space>
      </Space>
      {verified ? (
        <Alert
          data-testid="verify-result"
          style={{ marginBottom: 12 }}
          type={verified.intact ? 'success' : 'error'}
          icon={verified.intact ? <IconCheckCircle /> : <IconExclamationCircle />}
          closable
          onClose={() => setVerified(null)}
          content={
            verified.intact ? (
              t('log.intact', { checked: verified.checked, ms: verified.durationMs })
            ) : (
              <Space>
                {t('log.broken', { id: verified.firstBrokenId ?? '' })}
                <Button size="mini" type="text" onClick={() => open(verified.firstBrokenId!)}>
                  {t('log.detail')}
                </Button>
              </Space>
            )
          }
        />
      ) : null}
      {page.isError ? (
        error?.status === 403 ? (
          <Result status="403" title={t('log.forbidden')} />
        ) : (
          <Result
            status="error"
            title={t('log.loadFailed')}
            extra={<Button onClick={() => page.refetch()}>{t('log.retry')}</Button>}
          />
        )
      ) : (
        <Table<AuditRow>
          rowKey="id"
          columns={columns}
          data={data?.list ?? []}
          loading={page.isFetching}
          pagination={false}
          scroll={{ x: tableWidth }}
          noDataElement={<Empty description={t('log.empty')} />}
        />
      )}
      <Drawer
        width={640}
        title={detail ? t('log.detailTitle', { id: detail.id }) : t('log.detail')}
        visible={detail !== null || detailLoading}
        footer={null}
        onCancel={() => setDetail(null)}
      >
        {detailLoading || !detail ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="log-detail">
            <Descriptions
              column={1}
              border
              data={[
                { label: t('log.field.at'), value: operationDateTime(detail.at) },
                {
                  label: t('log.field.user'),
                  value: `${detail.username || '—'} (${detail.role || '—'})`,
                },
                {
                  label: t('log.field.action'),
                  value: `${actionText(detail.action, detail.result)} · ${detail.action}`,
                },
                {
                  label: t('log.field.entity'),
                  value: detail.entityType ? `${detail.entityType} #${detail.entityId}` : '—',
                },
                { label: t('log.field.result'), value: String(detail.result) },
                { label: t('log.field.requestId'), value: detail.requestId || '—' },
                { label: t('log.field.ip'), value: detail.ip || '—' },
                { label: t('log.field.userAgent'), value: detail.userAgent || '—' },
                { label: t('log.field.duration'), value: `${detail.durationMs} ms` },
                {
                  label: t('log.field.hash'),
                  value: (
                    <Typography.Text code style={{ wordBreak: 'break-all' }}>
                      {detail.hash}
                    </Typography.Text>
                  ),
                },
              ]}
            />
            <Typography.Title heading={6}>{t('log.diff')}</Typography.Title>
            <Table
              data-testid="log-diff"
              size="small"
              rowKey="field"
              pagination={false}
              noDataElement={<Empty description={t('log.noDiff')} />}
              data={Object.entries(detail.diff ?? {}).map(([field, c]) => ({
                field,
                before: json(c.before),
                after: json(c.after),
              }))}
              columns={[
                { title: t('log.diffField'), dataIndex: 'field' },
                { title: t('log.before'), dataIndex: 'before' },
                { title: t('log.after'), dataIndex: 'after' },
              ]}
            />
          </Space>
        )}
      </Drawer>
    </Card>
  );
}
