// Which message a failed sign-in shows. Seed §8: a failure the user cannot act on says
// "登录出错，请刷新重试". A disabled or locked account is not such a failure: its reason is the
// headline (issue 26 item 10), since refreshing will not help. A session ended from elsewhere
// (disabled, deleted, reset, revoked: the live channel says so) lands here with its reason as
// the same headline (issue 26 item 15).
import type { SessionEndReason } from '@console/shared/contracts/events';
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

const ENDED_MESSAGES: Record<SessionEndReason, string> = {
  // The same words as a disabled account's sign-in refusal.
  disabled: 'login.error.disabled',
  deleted: 'login.ended.deleted',
  password_reset: 'login.ended.passwordReset',
  revoked: 'login.ended.revoked',
  ended: 'login.ended.ended',
};

/** The headline for a session that ended under an open page, or null when none did. */
export function sessionEndedMessage(reason: SessionEndReason | null): LoginErrorMessage | null {
  return reason ? { id: ENDED_MESSAGES[reason] } : null;
}
