import { FormattedMessage } from 'react-intl';
import { Avatar, Button, Empty, List, Spin, Tag, Typography } from '@arco-design/web-react';
import type { MessageItem } from '@console/shared/contracts/message';
import { useRenderedMessages } from './useRenderedMessages';
import { operationDateTime } from '@console/shared/i18n';

interface Props {
  items: MessageItem[];
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  onRead(item: MessageItem): void;
}

/** One tab of the message box: newest first, unread ones marked and readable one by one. */
export function MessageList({ items, loading, failed, onRetry, onRead }: Props) {
  const rendered = useRenderedMessages(items);
  if (failed) {
    return (
      <Empty
        description={
          <>
            <FormattedMessage id="messageBox.loadFailed" />{' '}
            <Button type="text" size="mini" onClick={onRetry}>
              <FormattedMessage id="messageBox.retry" />
            </Button>
          </>
        }
      />
    );
  }
  return (
    <Spin loading={loading} style={{ display: 'block' }}>
      {items.length === 0 && !loading ? (
        <Empty description={<FormattedMessage id="messageBox.empty" />} />
      ) : (
        <List
          size="small"
          bordered={false}
          dataSource={rendered}
          render={(item) => (
            <List.Item
              key={item.id}
              className={item.status === 0 ? 'console-message unread' : 'console-message'}
              data-testid="message-item"
              data-status={item.status}
              actions={
                item.status === 0
                  ? [
                      <Button
                        key="read"
                        type="text"
                        size="mini"
                        data-testid="message-read"
                        onClick={() => onRead(item)}
                      >
                        <FormattedMessage id="messageBox.markRead" />
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                avatar={
                  item.avatar ? (
                    <Avatar size={32}>
                      <img alt="" src={item.avatar} />
                    </Avatar>
                  ) : undefined
                }
                title={
                  <span>
                    {item.title}
                    {item.status === 0 && (
                      // A worded tag, not an empty red one with a dot (issue #18 item 5).
                      <Tag
                        size="small"
                        color="red"
                        style={{ marginLeft: 6 }}
                        data-testid="message-unread-tag"
                      >
                        <FormattedMessage id="messageBox.unread" />
                      </Tag>
                    )}
                  </span>
                }
                description={
                  <>
                    <Typography.Paragraph ellipsis={{ rows: 1 }} style={{ marginBottom: 0 }}>
                      {item.subTitle || item.content}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {operationDateTime(item.time)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Spin>
  );
}
