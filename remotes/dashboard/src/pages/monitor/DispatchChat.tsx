// The dispatch chat among staff (the seed's chat window): history paged by keyset, live
// messages from every open monitor, a star per reader, and the shared 500-character limit
// checked here before the server checks it again.
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Avatar,
  Button,
  Card,
  Empty,
  Input,
  Result,
  Space,
  Spin,
  Typography,
} from '@arco-design/web-react';
import { IconStar, IconStarFill } from '@arco-design/web-react/icon';
import {
  CHAT_LIMITS,
  chatLength,
  chatSendBody,
  validationMessage,
  type Locale,
} from '@console/shared';
import { apiErrorMessage } from '@console/shared/api';
import { operationDateTime } from '@console/shared/i18n';
import type { useChat } from './useChat';

export function DispatchChat({ chat }: { chat: ReturnType<typeof useChat> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const newest = chat.messages[chat.messages.length - 1]?.id;

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);

  const submit = async () => {
    const parsed = chatSendBody.safeParse({ content: draft });
    if (!parsed.success) {
      setError(validationMessage(parsed.error.issues[0], intl.locale as Locale));
      return;
    }
    setSending(true);
    try {
      await chat.send(parsed.data.content);
      setDraft('');
      setError(null);
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('monitor.chat.title')} bodyStyle={{ paddingTop: 8 }}>
      {/* Low enough that the input stays on a 1366×800 screen below the event stream. */}
      <div
        style={{ height: 180, overflowY: 'auto' }}
        data-testid="dispatch-chat"
        role="log"
        aria-live="polite"
        tabIndex={0}
      >
        {chat.hasOlder && (
          <Button
            type="text"
            size="mini"
            long
            loading={chat.loading}
            onClick={() => void chat.loadOlder()}
          >
            {t('monitor.chat.older')}
          </Button>
        )}
        {chat.failed && chat.messages.length === 0 ? (
          <Result
            status="error"
            title={t('monitor.chat.error')}
            extra={<Button onClick={() => void chat.retry()}>{t('monitor.board.retry')}</Button>}
          />
        ) : chat.loading && chat.messages.length === 0 ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : chat.messages.length === 0 ? (
          <Empty description={t('monitor.chat.empty')} />
        ) : (
          chat.messages.map((m) => (
            <div
              key={m.id}
              style={{ display: 'flex', gap: 8, padding: '6px 0' }}
              data-chat-id={m.id}
            >
              <Avatar size={28}>
                {m.avatar ? <img alt="" src={m.avatar} /> : m.name.slice(0, 1)}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Space size={6}>
                  <Typography.Text bold>{m.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {operationDateTime(m.time)}
                  </Typography.Text>
                </Space>
                <div
                  style={{
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                    color: 'var(--color-text-1)',
                  }}
                >
                  {m.content}
                </div>
              </div>
              <Button
                type="text"
                size="mini"
                aria-label={t(m.starred ? 'monitor.chat.unstar' : 'monitor.chat.star')}
                aria-pressed={m.starred}
                icon={
                  m.starred ? (
                    <IconStarFill style={{ color: 'rgb(var(--gold-6))' }} />
                  ) : (
                    <IconStar />
                  )
                }
                onClick={() => void chat.star(m)}
              />
            </div>
          ))
        )}
        <div ref={bottom} />
      </div>
      <Input.TextArea
        value={draft}
        onChange={(v) => {
          setDraft(v);
          if (error) setError(null);
        }}
        placeholder={t('monitor.chat.placeholder')}
        aria-label={t('monitor.chat.placeholder')}
        autoSize={{ minRows: 2, maxRows: 4 }}
        status={error ? 'error' : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
        style={{ marginTop: 8 }}
      />
      <div style={{ display: 'flex', alignItems: 'center', marginTop: 8, gap: 8 }}>
        <Typography.Text type={error ? 'error' : 'secondary'} style={{ flex: 1, fontSize: 12 }}>
          {error ?? `${chatLength(draft)} / ${CHAT_LIMITS.contentMax}`}
        </Typography.Text>
        <Button type="primary" loading={sending} onClick={() => void submit()}>
          {t('monitor.chat.send')}
        </Button>
      </div>
    </Card>
  );
}
