// The server as the component tests answer it (test-only, `@console/shared/testing/fake-server`):
// the HTTP client's adapter replaced, so the pages' real reads and mutations run through the real
// client and store. Reads answer what the test's `reads` says, writes what its `write` says; the
// requests received are kept, to check what a write sent and which reads fetched again.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { ERRORS } from '../contracts/errors';
import { http } from './client';

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

/**
 * A refusal as the server sends it: the error catalogue's status, code and message (`msg` says
 * another), with `fields` and `data` when given.
 */
export function refused(
  name: keyof typeof ERRORS,
  more: { fields?: { path: string; message: string }[]; data?: unknown; msg?: string } = {},
): Answer {
  const e = ERRORS[name];
  const { fields, data = null, msg = e.msg['zh-CN'] } = more;
  return {
    status: e.status,
    body: { code: e.code, msg, error: name, data, ...(fields && { fields }) },
  };
}

const original = http.defaults.adapter;

/**
 * Replaces the server until `restoreServer`: a GET answers `ok(reads(url))`, any other request
 * `write(request)`. Returns the requests it receives, in order.
 */
export function fakeServer(
  reads: (url: string) => unknown,
  write: (request: Received) => Answer,
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
    const { status, body } = request.method === 'get' ? ok(reads(request.url)) : write(request);
    return { data: body, status, statusText: '', headers: {}, config };
  }) as AxiosAdapter;
  return received;
}

/** Puts the real adapter back. */
export function restoreServer() {
  http.defaults.adapter = original;
}

/** The writes among the requests received, with `method` (put, post, delete). */
export const writes = (received: Received[], method: string) =>
  received.filter((r) => r.method === method);
