// The navbar's message box (seed §2): a bell with the unread count; its popover
// (MessageBoxContent.tsx) is fetched when it first opens.
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Button, Popover, Spin } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useUnreadCounts } from './useUnreadCounts';
import './messageBox.less';

const MessageBoxContent = lazy(() => import('./MessageBoxContent'));

export function MessageBox() {
  const intl = useIntl();
  const { counts, refresh } = useUnreadCounts();
  const [open, setOpen] = useState(false);
  const total = counts.message + counts.notice + counts.todo;
  const label = intl.formatMessage({ id: 'messageBox.open' });
  return (
    <Popover
      trigger="click"
      position="br"
      popupVisible={open}
      onVisibleChange={(visible) => {
        setOpen(visible);
        if (visible) refresh();
      }}
      unmountOnExit
      content={
        <Suspense fallback={<Spin className="console-message-box-loading" />}>
          <MessageBoxContent counts={counts} onClose={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Badge count={total} maxCount={99} dot={false} data-testid="message-badge">
        <Button
          shape="circle"
          type="secondary"
          icon={<IconNotification />}
          aria-label={label}
          data-testid="message-bell"
        />
      </Badge>
    </Popover>
  );
}
