// With the navbar hidden, the floating settings button's drawer is the only way into the
// shell: it offers what the navbar would (issue #18 item 15): language, messages, logout.
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Button, Message, Select, Space } from '@arco-design/web-react';
import { IconNotification, IconPoweroff } from '@arco-design/web-react/icon';
import type { Locale } from '@console/shared/contracts/locale';
import { LOGIN_PATH } from '@console/shared/permission';
import {
  localeChanged,
  logout,
  selectLocale,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { shellMessages } from '../locale';
import { LOCALE_OPTIONS } from '../locale/localeOptions';
import { setSettingsDrawerOpen } from './drawerState';

export function NavbarlessActions() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="navbarless-actions">
      <Select
        value={locale}
        options={LOCALE_OPTIONS}
        aria-label={t('settings.language')}
        data-testid="drawer-locale-select"
        onChange={(value: Locale) => {
          dispatch(localeChanged(value));
          Message.success(shellMessages(value)['navbar.locale.switched']);
        }}
      />
      <Space>
        <Button
          icon={<IconNotification />}
          data-testid="drawer-messages"
          onClick={() => {
            setSettingsDrawerOpen(false);
            navigate('/messages');
          }}
        >
          {t('messages.title')}
        </Button>
        <Button
          icon={<IconPoweroff />}
          status="danger"
          data-testid="drawer-logout"
          onClick={async () => {
            setSettingsDrawerOpen(false);
            // Seed §4: the session is reset even if the call fails; then the login page.
            await dispatch(logout()).catch(() => undefined);
            navigate(LOGIN_PATH, { replace: true });
          }}
        >
          {t('navbar.user.logout')}
        </Button>
      </Space>
    </Space>
  );
}
