// Which message a failed sign-in shows (seed §5: "login failure says to refresh and try
// again"; a disabled and a locked account each get their own).
import type { LoginFailure } from '@console/shared/store';

export interface LoginErrorMessage {
  id: string;
  values?: Record<string, number>;
}

export function loginErrorMessage(failure: LoginFailure | undefined): LoginErrorMessage {
  switch (failure?.error) {
    case 'INVALID_CREDENTIALS':
      return { id: 'login.error.invalidCredentials' };
    case 'ACCOUNT_DISABLED':
      return { id: 'login.error.disabled' };
    case 'ACCOUNT_LOCKED': {
      const data = failure.data as { seconds?: unknown } | undefined;
      const seconds = typeof data?.seconds === 'number' ? data.seconds : 0;
      return { id: 'login.error.locked', values: { seconds } };
    }
    default:
      return { id: 'login.error.generic' };
  }
}
