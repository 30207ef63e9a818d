// The server as the system section's component tests answer it: the HTTP client's adapter
// replaced, so the pages' real reads and mutations run through the real client and store. Reads
// answer the fixtures; writes answer what the test says. The requests received are kept, to
// check what a write sent and which reads fetched again.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@console/shared/api';
import { ERRORS } from '@console/shared/contracts/errors';
import { BACKUP, BACKUP_STATUS, CATEGORY, CONFIG, ITEM, ROLES, user } from './fixtures';

export interface Received {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A success as the server sends it: the envelope around `data`. */
export const ok = (data: unknown): Answer => ({
  status: 200,
  body: { code: 20000, msg: 'ok', data },
});

/** A refusal as the server sends it (the error catalogue's code and message), with `fields`. */
export function refused(
  name: keyof typeof ERRORS,
  fields?: { path: string; message: string }[],
): Answer {
  const e = ERRORS[name];
  return {
    status: e.status,
    body: { code: e.code, msg: e.msg['zh-CN'], error: name, data: null, ...(fields && { fields }) },
  };
}

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

const original = http.defaults.adapter;

/** Replaces the server until `restoreServer`; returns the requests it receives. */
export function fakeServer(
  write: (request: Received) => Answer,
  reads?: (url: string) => unknown,
): Received[] {
  const received: Received[] = [];
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const request: Received = {
      method: config.method ?? 'get',
      url: config.url ?? '',
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    received.push(request);
    const { status, body } =
      request.method === 'get' ? ok(read(request.url, reads)) : write(request);
    return { data: body, status, statusText: '', headers: {}, config };
  }) as AxiosAdapter;
  return received;
}

export function restoreServer() {
  http.defaults.adapter = original;
}

/** The writes among the requests received, with `method` (put, post, delete). */
export const writes = (received: Received[], method: string) =>
  received.filter((r) => r.method === method);
