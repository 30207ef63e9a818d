// Itinerary templates (/team/templates; issue 29 item 2): the kept itineraries, a page at a time
// from the server, searched by name or spot. A dispatcher starts a new team from one (the
// new-team form lays out its itinerary) or deletes one after confirming.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  Card,
  Input,
  Message,
  Popconfirm,
  Space,
  Table,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { TEAM_LIMITS, type TeamTemplateListItem } from '@console/shared';
import { operationDateTime } from '@console/shared/i18n';
import { useHasPermission } from '@console/shared/permission';
import { useRemoveTemplateMutation, useTeamTemplatesQuery } from './api';

const PAGE_SIZE = 10;

export default function TemplatesPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [removeTemplate] = useRemoveTemplateMutation();
  const canWrite = useHasPermission('team:write');
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const query = useTeamTemplatesQuery({ current, pageSize: PAGE_SIZE, keyword });
  const page = query.data;

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(input.trim());
      setCurrent(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [input]);

  const remove = async (row: TeamTemplateListItem) => {
    try {
      await removeTemplate({ id: row.id, version: row.version }).unwrap();
      Message.success(t('team.template.deleted'));
      // The last row of a page gone: the page before.
      if (page && page.list.length === 1 && current > 1) setCurrent(current - 1);
    } catch {
      /* the client showed the server's message */
    }
  };

  const columns: TableColumnProps<TeamTemplateListItem>[] = [
    { title: t('team.template.name'), dataIndex: 'name', width: 200 },
    {
      title: t('team.template.days'),
      dataIndex: 'days',
      width: 90,
      render: (days: number) => t('team.template.daysValue', { days }),
    },
    { title: t('team.template.items'), dataIndex: 'itemCount', width: 90 },
    {
      title: t('team.template.spots'),
      dataIndex: 'spots',
      render: (spots: string[]) => (
        <Typography.Text ellipsis={{ showTooltip: true }} style={{ margin: 0 }}>
          {spots.join(intl.locale.startsWith('zh') ? '、' : ', ')}
        </Typography.Text>
      ),
    },
    {
      title: t('team.template.source'),
      dataIndex: 'sourceTeamCode',
      width: 160,
      render: (code: string | null, row) =>
        code && row.sourceTeamId ? (
          <Link to={`/team/detail/${row.sourceTeamId}`}>{code}</Link>
        ) : (
          '—'
        ),
    },
    {
      title: t('team.template.createdBy'),
      dataIndex: 'createdBy',
      width: 110,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('team.template.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => operationDateTime(v),
    },
    ...(canWrite
      ? [
          {
            title: t('team.field.operations'),
            key: 'actions',
            width: 220,
            render: (_: unknown, row: TeamTemplateListItem) => (
              <Space size={4}>
                <Button
                  type="text"
                  size="small"
                  data-testid={`template-start-${row.id}`}
                  onClick={() => navigate(`/team/new?template=${row.id}`)}
                >
                  {t('team.template.start')}
                </Button>
                <Popconfirm
                  focusLock
                  title={t('team.template.deleteConfirm', { name: row.name })}
                  onOk={() => remove(row)}
                >
                  <Button
                    type="text"
                    size="small"
                    status="danger"
                    data-testid={`template-delete-${row.id}`}
                  >
                    {t('team.template.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card data-testid="team-templates">
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={input}
          onChange={setInput}
          maxLength={TEAM_LIMITS.keywordMax}
          style={{ width: 280 }}
          placeholder={t('team.template.search')}
          aria-label={t('team.template.search')}
          data-testid="template-search"
        />
      </Space>
      <Table
        rowKey="id"
        loading={query.isFetching}
        columns={columns}
        data={page?.list ?? []}
        noDataElement={
          <Typography.Text type="secondary">{t('team.template.empty')}</Typography.Text>
        }
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          showTotal: true,
          onChange: setCurrent,
        }}
      />
    </Card>
  );
}
