// The message box's popover (MessageBox.tsx): tabs message / notice / todo with their counts;
// mark one read, all read, and "view more" → the messages page. Fetched when the box first opens.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Button, Tabs } from '@arco-design/web-react';
import {
  MESSAGE_TYPES,
  type MessageItem,
  type MessageType,
} from '@console/shared/contracts/message';
import {
  useMessageListQuery,
  useReadAllMessagesMutation,
  useReadMessagesMutation,
} from '@console/shared/api';
import { MessageList } from './MessageList';

const BOX_PAGE_SIZE = 5;
const NO_ITEMS: MessageItem[] = [];

export default function MessageBoxContent({
  counts,
  onClose,
}: {
  counts: Record<MessageType, number>;
  onClose(): void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [type, setType] = useState<MessageType>('message');
  const list = useMessageListQuery({ type, pageSize: BOX_PAGE_SIZE });
  const items = list.data?.list ?? NO_ITEMS;
  const loading = list.isFetching;
  const failed = list.isError;
  const load = () => void list.refetch();

  // A read refetches what message.read names: the lists and the counts (the bell, the
  // messages page). The client shows a refusal.
  const [readMessages] = useReadMessagesMutation();
  const [readAllMessages] = useReadAllMessagesMutation();
  const read = (item: MessageItem) =>
    readMessages([item.id])
      .unwrap()
      .catch(() => {});
  const readAll = () =>
    readAllMessages(type)
      .unwrap()
      .catch(() => {});

  return (
    <div className="console-message-box" data-testid="message-box">
      <Tabs activeTab={type} onChange={(key) => setType(key as MessageType)} size="small">
        {MESSAGE_TYPES.map((t) => (
          <Tabs.TabPane
            key={t}
            title={
              <span data-testid={`message-tab-${t}`}>
                {intl.formatMessage({ id: `messageBox.tab.${t}` })}
                {counts[t] > 0 ? ` (${counts[t]})` : ''}
              </span>
            }
          />
        ))}
      </Tabs>
      <div className="console-message-box-list">
        <MessageList
          items={items}
          loading={loading}
          failed={failed}
          onRetry={load}
          onRead={(item) => void read(item)}
        />
      </div>
      <div className="console-message-box-footer">
        <Button
          type="text"
          size="small"
          data-testid="message-all-read"
          onClick={() => void readAll()}
          disabled={counts[type] === 0}
        >
          {intl.formatMessage({ id: 'messageBox.allRead' })}
        </Button>
        <Button
          type="text"
          size="small"
          data-testid="message-view-more"
          onClick={() => {
            onClose();
            navigate(`/messages?type=${type}`);
          }}
        >
          {intl.formatMessage({ id: 'messageBox.viewMore' })}
        </Button>
      </div>
    </div>
  );
}
