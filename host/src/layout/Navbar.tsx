import { useIntl } from 'react-intl';
import { Button, Message, Select, Tooltip } from '@arco-design/web-react';
import { IconMoonFill, IconSunFill } from '@arco-design/web-react/icon';
import type { Locale } from '@console/shared/contracts/locale';
import {
  localeChanged,
  selectLocale,
  selectSettings,
  updateSettings,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { shellMessages } from '../locale';
import { LOCALE_OPTIONS } from '../locale/localeOptions';
import { NAVBAR_ACTIONS } from './navbarSlot';
import { SectionMenu } from './SectionMenu';
import { useSiteName } from '../siteName';
import { UserMenu } from './UserMenu';

export function Navbar() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const { theme, topMenu } = useAppSelector(selectSettings);
  const siteName = useSiteName();

  return (
    <div className="console-navbar">
      <div className="console-navbar-left">
        <span className="console-logo" aria-hidden>
          ◆
        </span>
        <span className="console-title" data-testid="navbar-title">
          {siteName}
        </span>
      </div>
      {topMenu && (
        <div className="console-navbar-center">
          <SectionMenu mode="horizontal" />
        </div>
      )}
      <ul className="console-navbar-right">
        <li>
          <Select
            size="small"
            value={locale}
            options={LOCALE_OPTIONS}
            style={{ width: 100 }}
            aria-label={intl.formatMessage({ id: 'settings.language' })}
            data-testid="locale-select"
            onChange={(value: Locale) => {
              dispatch(localeChanged(value));
              Message.success(shellMessages(value)['navbar.locale.switched']);
            }}
          />
        </li>
        <li>
          <Tooltip
            content={intl.formatMessage({
              id: theme === 'dark' ? 'navbar.theme.toLight' : 'navbar.theme.toDark',
            })}
          >
            <Button
              shape="circle"
              type="secondary"
              icon={theme === 'dark' ? <IconSunFill /> : <IconMoonFill />}
              aria-label={intl.formatMessage({
                id: theme === 'dark' ? 'navbar.theme.toLight' : 'navbar.theme.toDark',
              })}
              onClick={() =>
                dispatch(updateSettings({ theme: theme === 'dark' ? 'light' : 'dark' }))
              }
            />
          </Tooltip>
        </li>
        {NAVBAR_ACTIONS.map((Action, index) => (
          <li key={index}>
            <Action />
          </li>
        ))}
        <li>
          <UserMenu />
        </li>
      </ul>
    </div>
  );
}
