// The settings drawer's sections (seed §2, §4): theme colour, content and other settings. Every
// change applies at once and is saved to the user's account by useSettingsSync. Fetched when the
// drawer first opens (SettingsDrawer.tsx): its pickers and the palette generator are no part of
// a page's first load.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Alert, ColorPicker, InputNumber, Switch } from '@arco-design/web-react';
import { MENU_WIDTH_MAX, MENU_WIDTH_MIN } from '@console/shared/contracts/settings';
import {
  fetchServerMenu,
  selectSettings,
  updateSettings,
  useAppDispatch,
  useAppSelector,
  type AppSettings,
} from '@console/shared/store';
import { NavbarlessActions } from './NavbarlessActions';
import { primaryShades } from './themeColor';

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

export default function SettingsDrawerContent() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectSettings);
  const t = (id: string) => intl.formatMessage({ id });

  const toggle = (key: BooleanSetting) => (
    <Row label={t(`settings.${key}`)}>
      <Switch
        size="small"
        checked={settings[key]}
        aria-label={t(`settings.${key}`)}
        data-testid={`setting-${key}`}
        onChange={(checked) => {
          dispatch(updateSettings({ [key]: checked }));
          // Seed §4: turning on menu-from-server fetches the menu (a failure notifies).
          if (key === 'menuFromServer' && checked) void dispatch(fetchServerMenu());
        }}
      />
    </Row>
  );

  return (
    <>
      {!settings.navbar && (
        <Section title={t('settings.account')}>
          <NavbarlessActions />
        </Section>
      )}
      <Section title={t('settings.themeColor')}>
        <Row label={t('settings.themeColor')}>
          <span data-testid="setting-themeColor" data-label={t('settings.themeColor')}>
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
          role="img"
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
            aria-label={t('settings.darkTheme')}
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
            aria-label={t('settings.menuWidth')}
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
    </>
  );
}
