import { afterAll } from 'vitest';
import { Message, Modal, Notification } from '@arco-design/web-react';
// jsdom has no matchMedia; Arco's grid and responsive helpers subscribe to it on mount.
import '@console/shared/testing/match-media';

// A page's message or dialog leaves timers behind (a message closes itself after 3 s; its exit
// transition runs after that): one firing after the file's window is gone is an unhandled
// error that fails the run. Close them all and let their exit transitions end while the
// window is still there.
afterAll(async () => {
  Message.clear();
  Notification.clear();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 600));
});
