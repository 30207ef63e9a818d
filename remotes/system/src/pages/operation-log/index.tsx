// Operation log (/system/operation-log, issue #15 point 5): the shared filter form, keyset
// pages (newest / newer / older: no page numbers, since the server never counts the log),
// a row's detail with the field diff, the current filter's CSV export (streamed by the
// server to a file) and the verification of the hash chain. Every call needs
// `system:audit:read`; a role that reaches the page without it sees who may read the log,
// with nothing to press (issue 25 point 14). People's actions by default, the machines' (gate
// readings, the system's jobs) a filter away; the filter and the page are in the URL like every
// other list (issue 26 item 9).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
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
  AUDIT_ACTORS,
  AUDIT_SENTENCES,
  auditSentence,
  BUILTIN_ROLES,
  operationInstant,
  type AuditDetail,
  type AuditFilter,
  type AuditPage,
  type AuditRow,
  type AuditSubject,
  type AuditVerifyResult,
  type Locale,
} from '@console/shared';
import {
  FilterForm,
  readTableState,
  SEARCH_TABLE_TEXTS,
  writeTableState,
  type FilterField,
  type FilterValues,
} from '@console/shared/components/search-table';
import { operationDateTime } from '@console/shared/i18n';
import { useHasPermission } from '@console/shared/permission';
import { auditExportUrl, systemApi, useAuditPageQuery, useVerifyAuditMutation } from '../../api';
import { entityPage, resultWords } from './rowText';

/** A row of the list: the log row with what it is about. */
type LogRow = AuditPage['list'][number];

const PAGE_SIZE = 20;
type Cursor = { before?: number; after?: number };
/** People's actions unless the address says otherwise (product.md, "Audit trail"). */
const DEFAULT_FILTER: FilterValues = { actor: 'human' };
/** The keyset cursor rides in the address beside the filter (a reload keeps the page). */
const CURSOR_FIELDS = [
  { field: 'before', numeric: true },
  { field: 'after', numeric: true },
] as FilterField[];

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
  const [params, setParams] = useSearchParams();

  const [detail, setDetail] = useState<AuditDetail | null>(null);
  const [detailLoading, setDetailLoading] = useState(false);
  const [verifyAudit, { isLoading: verifying }] = useVerifyAuditMutation();
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
    // The verification is recorded: the log's pages refetch (audit.verified).
    setVerified(await verifyAudit().unwrap());
  };

  // The shared renderer fills the sentence's placeholders ({subject} is empty here: a log row
  // carries no subject); an action it does not know shows as its code.
  const actionText = (action: string, result: number) =>
    AUDIT_SENTENCES[action] ? auditSentence({ action, result }, locale) : action;

  const columns: TableColumnProps<LogRow>[] = [
    { title: t('log.field.id'), dataIndex: 'id', width: 80 },
    {
      title: t('log.field.at'),
      dataIndex: 'at',
      width: 140,
      render: (at: string) => operationDateTime(at),
    },
    // A gate key's name ("gate:sgk_YB3szdbo") is one token: cut with an ellipsis, never broken.
    { title: t('log.field.user'), dataIndex: 'username', width: 110, ellipsis: true },
    { title: t('log.field.role'), dataIndex: 'role', width: 90 },
    {
      title: t('log.field.action'),
      dataIndex: 'action',
      width: 240,
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
      title: t('log.field.result'),
      dataIndex: 'result',
      width: 100,
      render: (result: number) => (
        <Tag
          color={result < 400 ? 'green' : 'red'}
          title={t('log.httpStatus', { status: result })}
          data-testid="log-result"
        >
          {resultWords(result, t)}
        </Tag>
      ),
    },
    {
      title: t('log.field.entity'),
      width: 200,
      // A record id reads as one token: never broken inside the cell, and cut with an ellipsis
      // rather than running over the next column ("section_pin #development/dashboard").
      ellipsis: true,
      render: (_: unknown, row) => <EntityCell row={row} />,
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
  // The table scrolls sideways at exactly its columns' width. The result comes before the
  // record, and the columns up to the record fit beside the fixed actions column at 1366 px
  // (the duration and the address are reached by scrolling): no result is hidden under it.
  const tableWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);

  const fields: FilterField[] = [
    {
      field: 'actor',
      label: t('log.field.actor'),
      element: (
        <Select
          data-testid="log-filter-actor"
          options={AUDIT_ACTORS.map((a) => ({ value: a, label: t(`log.actor.${a}`) }))}
        />
      ),
    },
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

  const urlFields = [...fields, ...CURSOR_FIELDS];
  const state = readTableState(params, urlFields, { filter: DEFAULT_FILTER, pageSize: PAGE_SIZE });
  const { before, after, ...chosen } = state.filter as FilterValues & Cursor;
  const filterValues = { ...DEFAULT_FILTER, ...chosen };
  const cursor: Cursor = before ? { before } : after ? { after } : {};
  const filter = toFilter(filterValues);
  const page = useAuditPageQuery({ ...filter, ...cursor, pageSize: PAGE_SIZE });
  const show = (values: FilterValues, at: Cursor = {}) =>
    setParams(
      (old) =>
        writeTableState(
          old,
          urlFields,
          { filter: { ...values, ...at }, current: 1, pageSize: PAGE_SIZE },
          PAGE_SIZE,
        ),
      { replace: true },
    );
  const setCursor = (at: Cursor) => show(filterValues, at);

  const error = page.error as { status?: number } | undefined;
  const data = page.data;

  return (
    <Card data-testid="operation-log">
      <FilterForm
        fields={fields}
        key={JSON.stringify(filterValues)}
        initial={DEFAULT_FILTER}
        current={filterValues}
        texts={SEARCH_TABLE_TEXTS[locale] ?? SEARCH_TABLE_TEXTS['en-US']}
        onSearch={(values) => show(values)}
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
        <Table<LogRow>
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
                { label: t('log.field.entity'), value: <EntityCell row={detail} /> },
                {
                  label: t('log.field.result'),
                  value: `${resultWords(detail.result, t)} (${t('log.httpStatus', { status: detail.result })})`,
                },
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

/** A row's record: a link to its page where it has one, else its type and id. */
function EntityCell({
  row,
}: {
  row: Pick<AuditRow, 'entityType' | 'entityId'> & { subject?: AuditSubject | null };
}) {
  const intl = useIntl();
  if (!row.entityType) return <>—</>;
  // Its name where the server knows it (issue 26 item 9), else its type and id.
  const { subject } = row;
  const text = subject
    ? subject.code
      ? intl.locale === 'zh-CN'
        ? `${subject.name}（${subject.code}）`
        : `${subject.name} (${subject.code})`
      : subject.name
    : `${row.entityType}${row.entityId ? ` #${row.entityId}` : ''}`;
  const to = entityPage(row);
  return to ? (
    <Link to={to} data-testid="log-entity-link">
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}
