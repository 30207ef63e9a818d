// Whether the settings drawer is open: the navbar button and the floating button open it,
// the drawer closes it. A tiny external store; nothing else needs it.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

export function setSettingsDrawerOpen(value: boolean): void {
  open = value;
  listeners.forEach((l) => l());
}

export function useSettingsDrawerOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
