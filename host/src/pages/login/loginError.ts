// Which message a failed sign-in shows. Seed §8 / issue #18 item 15: any failure other than
// wrong credentials says "登录出错，请刷新重试"; a disabled or locked account adds why, under it,
// so the user knows refreshing alone will not help.
import type { LoginFailure } from '@console/shared/store';

export interface LoginErrorMessage {
  id: string;
  /** The reason under the message, when the server gave one the user can act on. */
  detail?: { id: string; values?: Record<string, number> };
}

export function loginErrorMessage(failure: LoginFailure | undefined): LoginErrorMessage {
  switch (failure?.error) {
    case 'INVALID_CREDENTIALS':
      return { id: 'login.error.invalidCredentials' };
    case 'ACCOUNT_DISABLED':
      return { id: 'login.error.generic', detail: { id: 'login.error.disabled' } };
    case 'ACCOUNT_LOCKED': {
      const data = failure.data as { seconds?: unknown } | undefined;
      const seconds = typeof data?.seconds === 'number' ? data.seconds : 0;
      return {
        id: 'login.error.generic',
        detail: { id: 'login.error.locked', values: { seconds } },
      };
    }
    default:
      return { id: 'login.error.generic' };
  }
}
