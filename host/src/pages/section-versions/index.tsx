// The Section versions page (issue 5; admin only). It lives in the host, not in a section, so
// a broken section can always be rolled back. Per environment: each section's pin, every
// published version with its build record and compatibility, pin / roll back with a
// confirmation and a reason, and the pin history.
import { useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import {
  Button,
  Card,
  Message,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { SECTION_NAMES, type SectionName } from '@console/shared/contracts/menu';
import { previewParam, type PublishedSectionVersion } from '@console/shared/contracts/sections';
import { messagesFor } from '@console/shared/i18n';
import { selectLocale, useAppSelector } from '@console/shared/store';
import { historyColumns, pinColumns, versionColumns, type PinRow } from './columns';
import { sectionVersionsMessages } from './locale';
import { PinDialog, type PinRequest } from './PinDialog';
import { CanaryDialog, type CanaryRequest } from './CanaryDialog';
import { HealthCard } from './HealthCard';
import { BucketLookup } from './BucketLookup';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  type Page,
  useAbortSectionCanaryMutation,
  usePinSectionMutation,
  usePromoteSectionCanaryMutation,
  useRollbackSectionMutation,
  useSectionEnvironmentsQuery,
  useSectionPinHistoryQuery,
  useSectionVersionsQuery,
  useStartSectionCanaryMutation,
  useWidenSectionCanaryMutation,
} from './sectionVersionsApi';

const PAGE_SIZE = 10;
const EMPTY_PAGE: Page<never> = { list: [], total: 0 };

function SectionVersions() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const environmentsQuery = useSectionEnvironmentsQuery();
  const environments = environmentsQuery.data ?? null;
  const [picked, setEnvironment] = useState<string | null>(null);
  const environment =
    picked ?? environments?.find((e) => e.current)?.name ?? environments?.[0]?.name ?? null;
  const [sectionFilter, setSectionFilter] = useState<SectionName | undefined>();
  const [versionsPage, setVersionsPage] = useState(1);
  const [historyPage, setHistoryPage] = useState(1);
  const versionsQuery = useSectionVersionsQuery({
    section: sectionFilter,
    current: versionsPage,
    pageSize: PAGE_SIZE,
  });
  const versions = versionsQuery.data ?? EMPTY_PAGE;
  const loading = versionsQuery.isFetching;
  const history =
    useSectionPinHistoryQuery(
      environment ? { environment, current: historyPage, pageSize: PAGE_SIZE } : skipToken,
    ).data ?? EMPTY_PAGE;
  const failed = environmentsQuery.isError;
  const [dialog, setDialog] = useState<PinRequest | null>(null);
  const [canaryDialog, setCanaryDialog] = useState<CanaryRequest | null>(null);
  const [pin, pinning] = usePinSectionMutation();
  const [rollback, rollingBack] = useRollbackSectionMutation();
  const [startCanary, starting] = useStartSectionCanaryMutation();
  const [widenCanary, widening] = useWidenSectionCanaryMutation();
  const [promoteCanary, promoting] = usePromoteSectionCanaryMutation();
  const [abortCanary, aborting] = useAbortSectionCanaryMutation();

  if (failed && !environments) {
    return (
      <Result
        status="error"
        title={t('sectionVersions.loadFailed')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              void environmentsQuery.refetch();
              void versionsQuery.refetch();
            }}
          >
            {t('sectionVersions.retry')}
          </Button>
        }
      />
    );
  }
  if (!environments || !environment)
    return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const env = environments.find((e) => e.name === environment)!;
  const pinRows: PinRow[] = SECTION_NAMES.map((section) => ({ section, pin: env.pins[section] }));

  // Each write refreshes the page's reads by its event (its mutation's `invalidatesTags`). A
  // refused one keeps its dialog open: the API client has shown why.
  const confirm = async (reason: string) => {
    if (!dialog) return;
    const { section } = dialog;
    const expectedCurrent = dialog.from;
    try {
      const change =
        dialog.kind === 'pin'
          ? await pin({
              section,
              body: { environment, version: dialog.to, reason, expectedCurrent },
            }).unwrap()
          : await rollback({ section, body: { environment, reason, expectedCurrent } }).unwrap();
      Message.success(
        t('sectionVersions.done', {
          section: t(`menu.${change.section}`),
          environment: change.environment,
          version: change.to,
        }),
      );
      setDialog(null);
    } catch {
      // Refused: the dialog stays.
    }
  };

  const confirmCanary = async (reason: string, share: number | null) => {
    if (!canaryDialog) return;
    const { kind, section, canary } = canaryDialog;
    // Widen, promote and abort name the running canary they move.
    const running = { environment, reason, expectedCanary: canary };
    try {
      const change = await (
        kind === 'canary'
          ? startCanary({
              section,
              body: {
                environment,
                version: canary,
                share: share!,
                reason,
                expectedCurrent: canaryDialog.pinned,
              },
            })
          : kind === 'widen'
            ? widenCanary({ section, body: { ...running, share: share! } })
            : kind === 'promote'
              ? promoteCanary({ section, body: running })
              : abortCanary({ section, body: running })
      ).unwrap();
      Message.success(
        t('sectionVersions.canaryDone', {
          section: t(`menu.${change.section}`),
          environment: change.environment,
          what: t(`sectionVersions.action.${change.action}`),
        }),
      );
      setCanaryDialog(null);
    } catch {
      // Refused: the dialog stays.
    }
  };

  const preview = (v: PublishedSectionVersion) => {
    // A full load: the host registers section entries once per page load.
    const url = new URL(`/${v.section}`, window.location.origin);
    url.searchParams.set(previewParam(v.section), v.version);
    window.location.assign(url.toString());
  };

  return (
    <div data-testid="section-versions-page">
      <Typography.Title heading={5}>{t('sectionVersions.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('sectionVersions.intro')}</Typography.Paragraph>
      <Tabs
        activeTab={environment}
        onChange={(name) => {
          setEnvironment(name);
          setHistoryPage(1);
        }}
      >
        {environments.map((e) => (
          <Tabs.TabPane
            key={e.name}
            title={
              <span data-testid={`env-tab-${e.name}`}>
                {e.name}{' '}
                {e.current && (
                  <Tag size="small" color="arcoblue">
                    {t('sectionVersions.thisServer')}
                  </Tag>
                )}
              </span>
            }
          />
        ))}
      </Tabs>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('sectionVersions.pins')}>
          <Table
            rowKey="section"
            data-testid="pins-table"
            pagination={false}
            columns={pinColumns(
              intl,
              (row) =>
                setDialog({
                  kind: 'rollback',
                  environment,
                  section: row.section,
                  from: row.pin!.version,
                  to: row.pin!.rollbackTo!,
                }),
              (row, move) =>
                setCanaryDialog({
                  kind: move,
                  environment,
                  section: row.section,
                  pinned: row.pin!.version,
                  canary: row.pin!.canary!.version,
                  share: row.pin!.canary!.share,
                }),
            )}
            data={pinRows}
          />
        </Card>
        <Card
          title={t('sectionVersions.published')}
          extra={
            <Select
              allowClear
              style={{ width: 200 }}
              placeholder={t('sectionVersions.allSections')}
              value={sectionFilter}
              onChange={(value: SectionName | undefined) => {
                setSectionFilter(value);
                setVersionsPage(1);
              }}
              options={SECTION_NAMES.map((s) => ({ label: t(`menu.${s}`), value: s }))}
            />
          }
        >
          <Table
            rowKey="id"
            data-testid="versions-table"
            scroll={{ x: 1340 }}
            loading={loading}
            noDataElement={
              <Typography.Text type="secondary">{t('sectionVersions.empty')}</Typography.Text>
            }
            columns={versionColumns(intl, environment, env.pins, {
              onPin: (v) =>
                setDialog({
                  kind: 'pin',
                  environment,
                  section: v.section,
                  from: env.pins[v.section]?.version ?? null,
                  to: v.version,
                  incompatible: !v.compatibility.compatible,
                }),
              onCanary: (v) =>
                setCanaryDialog({
                  kind: 'canary',
                  environment,
                  section: v.section,
                  pinned: env.pins[v.section]!.version,
                  canary: v.version,
                  share: null,
                }),
              onPreview: preview,
            })}
            data={versions.list}
            pagination={{
              current: versionsPage,
              pageSize: PAGE_SIZE,
              total: versions.total,
              onChange: setVersionsPage,
            }}
          />
        </Card>
        <HealthCard environment={environment} />
        <BucketLookup environment={environment} />
        <Card title={t('sectionVersions.history')}>
          <Table
            rowKey="id"
            data-testid="history-table"
            noDataElement={
              <Typography.Text type="secondary">
                {t('sectionVersions.historyEmpty')}
              </Typography.Text>
            }
            columns={historyColumns(intl)}
            data={history.list}
            pagination={{
              current: historyPage,
              pageSize: PAGE_SIZE,
              total: history.total,
              onChange: setHistoryPage,
            }}
          />
        </Card>
      </Space>
      {dialog && (
        <PinDialog
          request={dialog}
          busy={pinning.isLoading || rollingBack.isLoading}
          onConfirm={(reason) => void confirm(reason)}
          onCancel={() => setDialog(null)}
        />
      )}
      {canaryDialog && (
        <CanaryDialog
          request={canaryDialog}
          busy={[starting, widening, promoting, aborting].some((m) => m.isLoading)}
          onConfirm={(reason, share) => void confirmCanary(reason, share)}
          onCancel={() => setCanaryDialog(null)}
        />
      )}
    </div>
  );
}

export default function SectionVersionsPage() {
  const parent = useIntl();
  const locale = useAppSelector(selectLocale);
  return (
    <IntlProvider
      locale={parent.locale}
      messages={{
        ...(parent.messages as Record<string, string>),
        ...messagesFor(sectionVersionsMessages, locale),
      }}
    >
      <SectionVersions />
    </IntlProvider>
  );
}
