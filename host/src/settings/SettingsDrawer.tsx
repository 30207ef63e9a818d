// The settings drawer (seed §2, §4): always rendered, width 300; theme colour, content and
// other settings; "copy settings" and close. Every change applies at once and is saved to the
// user's account by useSettingsSync.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Alert, ColorPicker, Drawer, InputNumber, Message, Switch } from '@arco-design/web-react';
import { MENU_WIDTH_MAX, MENU_WIDTH_MIN } from '@console/shared/contracts/settings';
import {
  fetchServerMenu,
  selectSettings,
  updateSettings,
  useAppDispatch,
  useAppSelector,
  type AppSettings,
} from '@console/shared/store';
import { copyText } from './copySettings';
import { NavbarlessActions } from './NavbarlessActions';
import { setSettingsDrawerOpen, useSettingsDrawerOpen } from './drawerState';
import { primaryShades } from './themeColor';
import './settings.less';

export const SETTINGS_DRAWER_WIDTH = 300;

type BooleanSetting = {
  [K in keyof AppSettings]: AppSettings[K] extends boolean ? K : never;
}[keyof AppSettings];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="console-settings-section">
      <h5 className="console-settings-section-title">{title}</h5>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="console-settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsDrawer() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const visible = useSettingsDrawerOpen();
  const settings = useAppSelector(selectSettings);
  const t = (id: string) => intl.formatMessage({ id });

  const toggle = (key: BooleanSetting) => (
    <Row label={t(`settings.${key}`)}>
      <Switch
        size="small"
        checked={settings[key]}
        data-testid={`setting-${key}`}
        onChange={(checked) => {
          dispatch(updateSettings({ [key]: checked }));
          // Seed §4: turning on menu-from-server fetches the menu (a failure notifies).
          if (key === 'menuFromServer' && checked) void dispatch(fetchServerMenu());
        }}
      />
    </Row>
  );

  const copySettings = async () => {
    const { serverMenu, ...rest } = settings;
    await copyText(JSON.stringify({ ...rest, serverMenu: serverMenu ?? [] }, null, 2));
    Message.success(t('settings.copySettings.message'));
  };

  return (
    <Drawer
      width={SETTINGS_DRAWER_WIDTH}
      title={t('settings.title')}
      visible={visible}
      mountOnEnter={false}
      okText={t('settings.copySettings')}
      cancelText={t('settings.close')}
      onOk={() => void copySettings()}
      onCancel={() => setSettingsDrawerOpen(false)}
      className="console-settings-drawer"
      data-testid="settings-drawer"
    >
      {!settings.navbar && (
        <Section title={t('settings.account')}>
          <NavbarlessActions />
        </Section>
      )}
      <Section title={t('settings.themeColor')}>
        <Row label={t('settings.themeColor')}>
          <span data-testid="setting-themeColor">
            <ColorPicker
              value={settings.themeColor}
              showText
              disabledAlpha
              // Opens to the left of the swatch, clear of the viewport's right edge.
              triggerProps={{ position: 'left' }}
              size="small"
              onChange={(value) => {
                const color = String(value);
                if (/^#[0-9a-fA-F]{6}$/.test(color))
                  dispatch(updateSettings({ themeColor: color.toUpperCase() }));
              }}
            />
          </span>
        </Row>
        <div
          className="console-settings-shades"
          aria-label={t('settings.themeColor.shades')}
          data-testid="theme-shades"
        >
          {primaryShades(settings.themeColor, settings.theme === 'dark').map((rgb, i) => (
            <span key={i} style={{ backgroundColor: `rgb(${rgb})` }} data-shade={rgb} />
          ))}
        </div>
        <Row label={t('settings.darkTheme')}>
          <Switch
            size="small"
            checked={settings.theme === 'dark'}
            data-testid="setting-theme"
            onChange={(dark) => dispatch(updateSettings({ theme: dark ? 'dark' : 'light' }))}
          />
        </Row>
      </Section>
      <Section title={t('settings.content')}>
        {toggle('navbar')}
        {toggle('menu')}
        {toggle('topMenu')}
        {toggle('tabBar')}
        {toggle('footer')}
        <Row label={t('settings.menuWidth')}>
          <InputNumber
            size="small"
            style={{ width: 90 }}
            min={MENU_WIDTH_MIN}
            max={MENU_WIDTH_MAX}
            value={settings.menuWidth}
            data-testid="setting-menuWidth"
            onChange={(value) => {
              if (typeof value === 'number' && value >= MENU_WIDTH_MIN && value <= MENU_WIDTH_MAX) {
                dispatch(updateSettings({ menuWidth: Math.round(value) }));
              }
            }}
          />
        </Row>
      </Section>
      <Section title={t('settings.otherSettings')}>
        {toggle('colorWeak')}
        {toggle('menuFromServer')}
      </Section>
      <Alert content={t('settings.saved')} />
    </Drawer>
  );
}
