// The server as the scenic component tests answer it: the HTTP client's adapter replaced, so the
// pages' real reads and mutations run through the real client and store. Reads answer the
// fixtures (the spot, the categories, no windows or keys unless given); writes answer what the
// test says. The requests received are kept, to check what a write sent.
import {
  fakeServer as serverAnswering,
  type Answer,
  type Received,
} from '@console/shared/testing/fake-server';
import { CATEGORIES, SPOT } from './render';

export {
  ok,
  restoreServer,
  writes,
  type Answer,
  type Received,
} from '@console/shared/testing/fake-server';

/** The fixtures' reads; `reads` answers some URLs otherwise (undefined: the fixture). */
function read(url: string, reads?: (url: string) => unknown): unknown {
  const given = reads?.(url);
  if (given !== undefined) return given;
  if (url.startsWith('/properties/items')) return CATEGORIES;
  if (/^\/scenic\/spots\/\d+$/.test(url)) return SPOT;
  if (/^\/scenic\/spots\/\d+\/(maintenance|gate-keys|teams)$/.test(url)) return [];
  return null;
}

/** Replaces the server until `restoreServer`; returns the requests it receives. */
export const fakeServer = (
  write: (request: Received) => Answer,
  reads?: (url: string) => unknown,
) => serverAnswering((url) => read(url, reads), write);
