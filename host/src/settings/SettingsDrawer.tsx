// The settings drawer (seed §2, §4): always rendered, width 300; theme colour, content and
// other settings; "copy settings" and close. Its sections (SettingsDrawerContent.tsx) are
// fetched when it is first asked to open, and it opens with them.
import { useEffect, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Drawer, Message } from '@arco-design/web-react';
import { selectSettings, useAppSelector } from '@console/shared/store';
import { copyText } from './copySettings';
import { setSettingsDrawerOpen, useSettingsDrawerOpen } from './drawerState';
import './settings.less';

export const SETTINGS_DRAWER_WIDTH = 300;

export function SettingsDrawer() {
  const intl = useIntl();
  const open = useSettingsDrawerOpen();
  const [Content, setContent] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (open && !Content)
      void import('./SettingsDrawerContent').then(
        (module) => setContent(() => module.default),
        // Not fetched: closed again, so the next click asks again.
        () => setSettingsDrawerOpen(false),
      );
  }, [open, Content]);
  const settings = useAppSelector(selectSettings);
  const t = (id: string) => intl.formatMessage({ id });

  const copySettings = async () => {
    const { serverMenu, ...rest } = settings;
    await copyText(JSON.stringify({ ...rest, serverMenu: serverMenu ?? [] }, null, 2));
    Message.success(t('settings.copySettings.message'));
  };

  return (
    <Drawer
      width={SETTINGS_DRAWER_WIDTH}
      title={t('settings.title')}
      visible={open && Content !== null}
      mountOnEnter={false}
      okText={t('settings.copySettings')}
      cancelText={t('settings.close')}
      onOk={() => void copySettings()}
      onCancel={() => setSettingsDrawerOpen(false)}
      className="console-settings-drawer"
      data-testid="settings-drawer"
    >
      {Content && <Content />}
    </Drawer>
  );
}
