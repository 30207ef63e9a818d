// Every jsdom workspace's test setup (`setupFiles: ['@console/shared/testing/jsdom-setup']`;
// test-only). In a file that runs in node (the host's default) it does nothing.
//  - jsdom has no matchMedia; Arco's grid and responsive helpers subscribe to it on mount.
//  - A page's message or dialog leaves timers behind (a message closes itself after 3 s; its
//    exit transition runs after that): one firing after the file's window is gone is an
//    unhandled error that fails the run ('window is not defined'). At the end of each file they
//    are all closed and their exit transitions end while the window is still there.
import { afterAll } from 'vitest';

if (typeof window !== 'undefined') {
  await import('./responsive/matchMedia.testing');
  afterAll(async () => {
    const { Message, Modal, Notification } = await import('@arco-design/web-react');
    Message.clear();
    Notification.clear();
    Modal.destroyAll();
    await new Promise((resolve) => setTimeout(resolve, 600));
  });
}

export {};
