// The server as the scenic component tests answer it: the HTTP client's adapter replaced, so the
// pages' real reads and mutations run through the real client and store. Reads answer the
// fixtures (the spot, the categories, no windows or keys unless given); writes answer what the
// test says. The requests received are kept, to check what a write sent.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@console/shared/api';
import { CATEGORIES, SPOT } from './render';

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

/** The fixtures' reads; `reads` answers some URLs otherwise (undefined: the fixture). */
function read(url: string, reads?: (url: string) => unknown): unknown {
  const given = reads?.(url);
  if (given !== undefined) return given;
  if (url.startsWith('/properties/items')) return CATEGORIES;
  if (/^\/scenic\/spots\/\d+$/.test(url)) return SPOT;
  if (/^\/scenic\/spots\/\d+\/(maintenance|gate-keys|teams)$/.test(url)) return [];
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
