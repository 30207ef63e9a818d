// What the browsers of an environment met per section version (issue 30): sessions served,
// sessions with an error, the error rate and the top errors, over the last hour or day; and
// the automatic rollback's rule in effect.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Radio, Space, Table, Tag, Typography } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import {
  SECTION_HEALTH_WINDOWS,
  type SectionHealthWindow,
  type SectionVersionHealth,
} from '@console/shared/contracts/sections';
import { useSectionHealthQuery } from './sectionVersionsApi';

const ROLE_COLOR = { pinned: 'arcoblue', canary: 'orange', other: undefined } as const;

export function HealthCard({ environment }: { environment: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [window, setWindow] = useState<SectionHealthWindow>('hour');
  const { data, isFetching } = useSectionHealthQuery({ environment, window });
  const columns: TableColumnProps<SectionVersionHealth>[] = [
    { title: t('sectionVersions.section'), render: (_, v) => t(`menu.${v.section}`) },
    {
      title: t('sectionVersions.version'),
      render: (_, v) => (
        <Space size={4}>
          <span className="console-token">{v.version}</span>
          <Tag size="small" color={ROLE_COLOR[v.role]}>
            {t(`sectionVersions.health.role.${v.role}`)}
          </Tag>
        </Space>
      ),
    },
    { title: t('sectionVersions.health.sessions'), dataIndex: 'sessions', align: 'right' },
    {
      title: t('sectionVersions.health.errorSessions'),
      dataIndex: 'sessionsWithError',
      align: 'right',
    },
    {
      title: t('sectionVersions.health.errorRate'),
      align: 'right',
      render: (_, v) => (
        <Typography.Text
          type={v.errorRate > 0 ? 'error' : undefined}
          data-testid={`error-rate-${v.section}-${v.version}`}
        >
          {intl.formatNumber(v.errorRate, { style: 'percent', maximumFractionDigits: 1 })}
        </Typography.Text>
      ),
    },
    {
      title: t('sectionVersions.health.topErrors'),
      render: (_, v) =>
        v.topErrors.length === 0 ? (
          '-'
        ) : (
          <Space direction="vertical" size={2}>
            {v.topErrors.map((e) => (
              <Typography.Text key={`${e.kind}${e.message}`} style={{ fontSize: 12 }}>
                {t('sectionVersions.health.errorLine', {
                  message: e.message,
                  kind: t(`sectionVersions.health.kind.${e.kind}`),
                  count: e.count,
                  sessions: e.sessions,
                })}
              </Typography.Text>
            ))}
          </Space>
        ),
    },
  ];
  return (
    <Card
      title={t('sectionVersions.health')}
      extra={
        <Radio.Group
          type="button"
          size="small"
          value={window}
          onChange={setWindow}
          options={SECTION_HEALTH_WINDOWS.map((w) => ({
            label: t(`sectionVersions.health.${w}`),
            value: w,
          }))}
        />
      }
    >
      {data && (
        <Typography.Paragraph type="secondary" data-testid="health-rule">
          {t('sectionVersions.health.rule', {
            margin: data.rule.marginPercent,
            minSessions: data.rule.minSessions,
            window: data.rule.windowMinutes,
          })}
        </Typography.Paragraph>
      )}
      <Table
        rowKey={(v) => `${v.section}/${v.version}`}
        data-testid="health-table"
        loading={isFetching}
        pagination={false}
        columns={columns}
        data={data?.versions ?? []}
        noDataElement={
          <Typography.Text type="secondary">{t('sectionVersions.health.empty')}</Typography.Text>
        }
      />
    </Card>
  );
}
