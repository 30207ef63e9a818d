import {
  ERRORS,
  type ErrorCodeName,
  type FieldError,
  type LocalizedFieldError,
} from '@console/shared';

/**
 * An error a service raises for the caller: a stable code from the catalogue, optional
 * message parameters, failing fields and data. The error plugin turns it into the envelope.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly error: ErrorCodeName,
    readonly options: {
      params?: Record<string, string | number>;
      /** Failing fields; a message may be given in both locales. */
      fields?: (FieldError | LocalizedFieldError)[];
      data?: unknown;
      /** Overrides the catalogue message (both locales) for a specific case. */
      detail?: { 'zh-CN': string; 'en-US': string };
    } = {},
  ) {
    super(error);
    this.status = ERRORS[error].status;
  }
}

export const notFound = (what?: { 'zh-CN': string; 'en-US': string }) =>
  new AppError('NOT_FOUND', { detail: what });

export const conflict = (detail: { 'zh-CN': string; 'en-US': string }, data?: unknown) =>
  new AppError('CONFLICT', { detail, data });

export const staleVersion = () => new AppError('STALE_VERSION');
