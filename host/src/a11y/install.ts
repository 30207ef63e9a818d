// Starts the Arco ARIA corrections for the whole document (every section's pages included),
// naming controls in the language the console is shown in.
import { DEFAULT_LOCALE } from '@console/shared/contracts/locale';
import { selectLocale, store } from '@console/shared/store';
import { watchArcoAria } from './arcoAria';
import { watchDialogFocus } from './dialogFocus';
import { a11yMessages } from './messages';

export function installArcoAria(): () => void {
  const stopFocus = watchDialogFocus();
  const stopAria = watchArcoAria(() => {
    const locale = selectLocale(store.getState());
    const m = a11yMessages[locale as keyof typeof a11yMessages] ?? a11yMessages[DEFAULT_LOCALE];
    return {
      previous: m['a11y.previous'],
      next: m['a11y.next'],
      selectRow: m['a11y.selectRow'],
      selectAll: m['a11y.selectAll'],
    };
  });
  return () => {
    stopFocus();
    stopAria();
  };
}
