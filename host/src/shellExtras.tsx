// What issue #4 adds to the layout: the settings drawer (always rendered) and its floating
// button, the message box and settings button in the navbar's action slot, and the effects
// that apply settings (theme colour, server sync) and the dayjs locale.
import { NAVBAR_ACTIONS } from './layout/navbarSlot';
import { MessageBox } from './message-box/MessageBox';
import { SettingsButton, FloatingSettingsButton } from './settings/SettingsButton';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { useSettingsSync } from './settings/useSettingsSync';
import { useThemeColor } from './settings/useThemeColor';
import { useDayjsLocale } from './locale/useDayjsLocale';

for (const action of [MessageBox, SettingsButton]) {
  if (!NAVBAR_ACTIONS.includes(action)) NAVBAR_ACTIONS.push(action);
}

export function ShellExtras() {
  useSettingsSync();
  useThemeColor();
  useDayjsLocale();
  return (
    <>
      <SettingsDrawer />
      <FloatingSettingsButton />
    </>
  );
}
