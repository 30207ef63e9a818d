// The client's error catalogue (seed §8): every failed API call shows one of these texts,
// in Chinese, for ERROR_MESSAGE_DURATION ms. The wording lives here and nowhere else.
import { isAxiosError } from 'axios';
import type { Envelope } from '../contracts/envelope';

export const ERROR_MESSAGE_DURATION = 5000;

export const ERROR_TEXTS = {
  serverError: (status: number) => `服务器错误(${status})`,
  network: '网络连接错误，请检查网络',
  requestConfig: '请求配置错误',
  requestFailed: '请求失败',
} as const;

/** Raised when the HTTP call succeeded but the envelope's code is not 20000. */
export class EnvelopeError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope<unknown>,
  ) {
    super(envelope.msg);
    this.name = 'EnvelopeError';
  }
}

function bodyMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'msg' in data) {
    const msg = (data as { msg: unknown }).msg;
    if (typeof msg === 'string' && msg !== '') return msg;
  }
  return undefined;
}

/**
 * A failed call as the RTK Query cache keeps it (serialisable): HTTP status, stable code, the
 * text this catalogue chose for it, and the server's envelope (its `data` and field errors,
 * e.g. who changed a record first), so a mutation's caller reads it as it read the HTTP error.
 */
export interface ApiQueryError {
  /** HTTP status, or 0 when nothing came back. */
  status: number;
  /** The server's stable error code (`ERRORS` key), when it sent one. */
  code?: string;
  message: string;
  /** The envelope the server answered with, when it sent one. */
  envelope?: Envelope<unknown>;
}

/** Whether `error` is a failed call as the cache keeps it (a mutation's `unwrap()` throws it). */
export function isApiQueryError(error: unknown): error is ApiQueryError {
  if (!error || typeof error !== 'object' || error instanceof Error) return false;
  const e = error as Partial<ApiQueryError>;
  return typeof e.status === 'number' && typeof e.message === 'string';
}

/** The text to show for a failed request (seed §8, in order). */
export function apiErrorMessage(error: unknown): string {
  // Already chosen by this function when the cache stored the failure.
  if (isApiQueryError(error)) return error.message || ERROR_TEXTS.requestFailed;
  if (error instanceof EnvelopeError) return error.envelope.msg || ERROR_TEXTS.requestFailed;
  if (isAxiosError(error)) {
    // A response came back: its message, else "server error (status)".
    if (error.response)
      return bodyMessage(error.response.data) ?? ERROR_TEXTS.serverError(error.response.status);
    // The request went out and nothing came back.
    if (error.request) return ERROR_TEXTS.network;
    // The request could not be built.
    return error.message || ERROR_TEXTS.requestConfig;
  }
  return ERROR_TEXTS.requestFailed;
}
