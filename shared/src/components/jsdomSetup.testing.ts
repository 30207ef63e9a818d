// Every jsdom workspace's test setup (`setupFiles: ['@console/shared/testing/jsdom-setup']`;
// test-only). In a file that runs in node (the host's default) it does nothing.
//  - jsdom has no matchMedia; Arco's grid and responsive helpers subscribe to it on mount.
//  - A page's message or dialog leaves timers behind (a message closes itself after 3 s; its
//    exit transition runs after that): one firing after the file's window is gone is an
//    unhandled error that fails the run ('window is not defined'). At the end of each file they
//    are all closed and their exit transitions end while the window is still there.
//  - Testing Library's `findBy…`/`waitFor` give up after 1 s by default; a loaded 2-core CI box
//    renders an Arco table slower than that now and then. They resolve as soon as the thing is
//    there; this is only how long before a miss is called one.
import { afterAll } from 'vitest';

if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
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
