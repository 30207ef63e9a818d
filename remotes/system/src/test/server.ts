// The server as the system section's component tests answer it: the HTTP client's adapter
// replaced, so the pages' real reads and mutations run through the real client and store. Reads
// answer the fixtures; writes answer what the test says. The requests received are kept, to
// check what a write sent and which reads fetched again.
import {
  fakeServer as serverAnswering,
  type Answer,
  type Received,
} from '@console/shared/testing/fake-server';
import { BACKUP, BACKUP_STATUS, CATEGORY, CONFIG, ITEM, ROLES, user } from './fixtures';

export {
  ok,
  refused,
  restoreServer,
  writes,
  type Answer,
  type Received,
} from '@console/shared/testing/fake-server';

const page = (list: unknown[]) => ({ list, total: list.length, current: 1, pageSize: 10 });

/** The fixtures' reads, by URL; `reads` answers some otherwise (undefined: the fixture). */
function read(url: string, reads?: (url: string) => unknown): unknown {
  const given = reads?.(url);
  if (given !== undefined) return given;
  if (url === '/system/users') return page([user(9, ['reader'])]);
  if (/^\/system\/users\/\d+\/sessions$/.test(url)) return [];
  if (url === '/system/roles') return page(ROLES);
  if (url === '/audit') return { list: [], next: null, prev: null };
  if (url === '/system-config') return CONFIG;
  if (url === '/backups') return page([BACKUP]);
  if (url === '/backups/status') return BACKUP_STATUS;
  if (url === '/backups/progress') return null;
  if (url === '/properties/categories') return [CATEGORY];
  if (/^\/properties\/categories\/[\w-]+\/items$/.test(url)) return [ITEM];
  return null;
}

/** Replaces the server until `restoreServer`; returns the requests it receives. */
export const fakeServer = (
  write: (request: Received) => Answer,
  reads?: (url: string) => unknown,
) => serverAnswering((url) => read(url, reads), write);
