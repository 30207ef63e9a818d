// "View more" of the message box: every message of the user, filtered by type and read state,
// paginated; mark read one by one or all; admins publish notices.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnProps,
} from '@arco-design/web-react';
import {
  MESSAGE_TYPES,
  type MessageItem,
  type MessageType,
} from '@console/shared/contracts/message';
import {
  useLiveEvents,
  useMessageListQuery,
  useReadAllMessagesMutation,
  useReadMessagesMutation,
} from '@console/shared/api';
import { useHasPermission } from '@console/shared/permission';
import { LIVE_POLL_INTERVAL_MS, POLL_INTERVAL_MS } from '../../message-box/useUnreadCounts';
import { PublishNoticeButton } from './PublishNoticeButton';
import { useRenderedMessages } from '../../message-box/useRenderedMessages';
import { operationDateTime } from '@console/shared/i18n';

const NO_MESSAGES: MessageItem[] = [];

const TYPE_COLOR: Record<MessageType, string> = {
  message: 'arcoblue',
  notice: 'orange',
  todo: 'purple',
};

export default function MessagesPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [params] = useSearchParams();
  const initialType = params.get('type');
  const [type, setType] = useState<MessageType | undefined>(
    (MESSAGE_TYPES as readonly string[]).includes(initialType ?? '')
      ? (initialType as MessageType)
      : undefined,
  );
  const [status, setStatus] = useState<0 | 1 | undefined>(undefined);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  // New messages arrive by push (the live channel invalidates the list); a slow poll stays.
  const live = useLiveEvents();
  const list = useMessageListQuery(
    { type, status, current: page.current, pageSize: page.pageSize },
    { pollingInterval: live === 'open' ? LIVE_POLL_INTERVAL_MS : POLL_INTERVAL_MS },
  );
  const data = list.data ?? null;
  const loading = list.isFetching;
  const failed = list.isError;
  const load = () => void list.refetch();
  const canPublish = useHasPermission('message:publish');
  const rendered = useRenderedMessages(data?.list ?? NO_MESSAGES);

  // A read refetches what message.read names: the lists and the bell's counts. The client
  // shows a refusal.
  const [readMessages] = useReadMessagesMutation();
  const [readAllMessages] = useReadAllMessagesMutation();

  const columns: TableColumnProps<MessageItem>[] = [
    {
      title: t('messages.column.type'),
      dataIndex: 'type',
      width: 100,
      render: (value: MessageType) => (
        <Tag color={TYPE_COLOR[value]}>{t(`messageBox.tab.${value}`)}</Tag>
      ),
    },
    { title: t('messages.column.title'), dataIndex: 'title', width: 200 },
    {
      title: t('messages.column.content'),
      dataIndex: 'content',
      render: (_: unknown, row) =>
        row.subTitle ? `${row.subTitle} — ${row.content}` : row.content,
    },
    {
      title: t('messages.column.time'),
      dataIndex: 'time',
      width: 170,
      render: (v: string) => operationDateTime(v),
    },
    {
      title: t('messages.column.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) =>
        v === 0 ? (
          <Tag color="red">{t('messages.status.unread')}</Tag>
        ) : (
          <Tag>{t('messages.status.read')}</Tag>
        ),
    },
    {
      title: t('messages.column.action'),
      width: 110,
      render: (_: unknown, row) =>
        row.status === 0 ? (
          <Button
            type="text"
            size="small"
            onClick={() =>
              void readMessages([row.id])
                .unwrap()
                .catch(() => {})
            }
          >
            {t('messageBox.markRead')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card title={t('messages.title')} data-testid="messages-page">
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          style={{ width: 160 }}
          addBefore={t('messages.filter.type')}
          value={type ?? 'all'}
          data-testid="messages-filter-type"
          onChange={(v: string) => {
            setType(v === 'all' ? undefined : (v as MessageType));
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'all', label: t('messages.filter.all') },
            ...MESSAGE_TYPES.map((m) => ({ value: m, label: t(`messageBox.tab.${m}`) })),
          ]}
        />
        <Select
          style={{ width: 160 }}
          addBefore={t('messages.filter.status')}
          value={status === undefined ? 'all' : String(status)}
          data-testid="messages-filter-status"
          onChange={(v: string) => {
            setStatus(v === 'all' ? undefined : (Number(v) as 0 | 1));
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'all', label: t('messages.filter.all') },
            { value: '0', label: t('messages.status.unread') },
            { value: '1', label: t('messages.status.read') },
          ]}
        />
        <Button
          onClick={() =>
            void readAllMessages(type)
              .unwrap()
              .catch(() => {})
          }
          disabled={!data || data.list.every((m) => m.status === 1)}
        >
          {t('messageBox.allRead')}
        </Button>
        {canPublish && <PublishNoticeButton />}
      </Space>
      {failed ? (
        <Button onClick={load}>{t('messageBox.retry')}</Button>
      ) : (
        <Table
          rowKey="id"
          loading={loading}
          columns={columns}
          data={rendered}
          noDataElement={t('messageBox.empty')}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            showTotal: true,
            sizeCanChange: true,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
        />
      )}
    </Card>
  );
}
