// The one HTTP client of the console: credentials, CSRF and locale headers, envelope
// unwrapping, and the seed §8 error messages. Pages reach it through the api modules only.
import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { Message } from '@arco-design/web-react';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  LOCALE_HEADER,
  SUCCESS_CODE,
  type Envelope,
} from '../contracts/envelope';
import { storedLocale } from '../i18n/locale';
import { notifyUnauthorized } from '../store/session';
import {
  apiErrorMessage,
  EnvelopeError,
  ERROR_MESSAGE_DURATION,
  isApiQueryError,
} from './errorCatalogue';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows its own message (the login form, the route guard). */
    silent?: boolean;
    /** A 401 is an expected answer here; do not send the user to the login page. */
    skipAuthRedirect?: boolean;
  }
}

export const http = axios.create({
  baseURL: '/api',
  withCredentials: true,
  // Seed §7: no timeout.
  timeout: 0,
});

http.interceptors.request.use((config) => {
  config.headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  config.headers.set(LOCALE_HEADER, storedLocale());
  return config;
});

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'code' in body;
}

export function showApiError(error: unknown): void {
  // The page's parallel reads all fail alike when the session ends: one message, not a stack.
  const status = axios.isAxiosError(error)
    ? error.response?.status
    : isApiQueryError(error)
      ? error.status
      : undefined;
  Message.error({
    id: status === 401 ? 'api-unauthorized' : undefined,
    content: apiErrorMessage(error),
    duration: ERROR_MESSAGE_DURATION,
  });
}

http.interceptors.response.use(
  (response) => {
    const body: unknown = response.data;
    if (isEnvelope(body) && body.code !== SUCCESS_CODE) {
      const error = new EnvelopeError(response.status, body);
      if (!response.config.silent) showApiError(error);
      return Promise.reject(error);
    }
    return response;
  },
  (error: AxiosError) => {
    const config = error.config;
    if (error.response?.status === 401 && !config?.skipAuthRedirect) notifyUnauthorized();
    if (!config?.silent) showApiError(error);
    return Promise.reject(error);
  },
);

/** Calls the API and returns the envelope's `data` (seed §7: "the data field is returned"). */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<Envelope<T> | T>(config);
  const body = response.data;
  return isEnvelope(body) && 'data' in body ? (body as Envelope<T>).data : (body as T);
}

/** The stable error code (`ERRORS` key) of a failed call, when the server sent one. */
export function apiErrorCode(error: unknown): string | undefined {
  if (isApiQueryError(error)) return error.code ?? error.envelope?.error;
  if (error instanceof EnvelopeError) return error.envelope.error;
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (isEnvelope(body)) return body.error;
  }
  return undefined;
}

/** The envelope of a failed call, when the server sent one. */
export function apiErrorEnvelope(error: unknown): Envelope<unknown> | undefined {
  if (isApiQueryError(error)) return error.envelope;
  if (error instanceof EnvelopeError) return error.envelope;
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    if (isEnvelope(body)) return body;
  }
  return undefined;
}
