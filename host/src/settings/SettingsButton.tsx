import { useIntl } from 'react-intl';
import { Button, Tooltip } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { selectSettings, useAppSelector } from '@console/shared/store';
import { setSettingsDrawerOpen } from './drawerState';

/** The navbar's settings button. */
export function SettingsButton() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'settings.open' });
  return (
    <Tooltip content={label}>
      <Button
        shape="circle"
        type="secondary"
        icon={<IconSettings />}
        aria-label={label}
        data-testid="settings-open"
        onClick={() => setSettingsDrawerOpen(true)}
      />
    </Tooltip>
  );
}

/** Seed §2: with the navbar hidden, a floating button opens the drawer. */
export function FloatingSettingsButton() {
  const intl = useIntl();
  const { navbar } = useAppSelector(selectSettings);
  if (navbar) return null;
  return (
    <Button
      className="console-settings-float"
      type="primary"
      icon={<IconSettings />}
      aria-label={intl.formatMessage({ id: 'settings.open' })}
      data-testid="settings-float"
      onClick={() => setSettingsDrawerOpen(true)}
    />
  );
}
