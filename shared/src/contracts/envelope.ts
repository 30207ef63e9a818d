// API envelope: product.md, "API conventions"; success code from seed §3/§8. Zod-free at run
// time: the shell's boot reads its constants (the schemas around it are in envelope-schemas.ts).

export const SUCCESS_CODE = 20000;

export interface FieldError {
  /** Dotted path of the failing field, e.g. `password` or `languages.0.code`. */
  path: string;
  message: string;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** Stable error identifier, present on errors only (see errors.ts). */
  error?: ErrorCodeName;
  fields?: FieldError[];
  requestId?: string;
}

export interface Page<T> {
  list: T[];
  total: number;
}

import type { ErrorCodeName } from './errors';

/** Headers the API client sends and the server checks. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
export const LOCALE_HEADER = 'x-locale';
