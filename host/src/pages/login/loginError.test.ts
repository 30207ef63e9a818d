import { describe, expect, it } from 'vitest';
import enUS from '../../locale/en-US';
import zhCN from '../../locale/zh-CN';
import { SESSION_END_REASONS } from '@console/shared/contracts/events';
import { loginErrorMessage, sessionEndedMessage } from './loginError';

describe('a failed sign-in', () => {
  it('says "wrong credentials" only for wrong credentials', () => {
    expect(loginErrorMessage({ error: 'INVALID_CREDENTIALS' }).id).toBe(
      'login.error.invalidCredentials',
    );
  });

  it('says the seed §8 text for any other failure (server error, no network, bad answer)', () => {
    for (const failure of [{ error: 'INTERNAL' }, { error: undefined }, undefined]) {
      const { id } = loginErrorMessage(failure);
      expect(id).toBe('login.error.generic');
      expect(zhCN[id as keyof typeof zhCN]).toBe('登录出错，请刷新重试');
      expect(enUS[id as keyof typeof enUS]).toBe('Login error, please refresh and try again');
    }
  });

  it('makes a disabled or locked account’s reason the headline, not the refresh text', () => {
    expect(loginErrorMessage({ error: 'ACCOUNT_DISABLED' })).toEqual({
      id: 'login.error.disabled',
    });
    expect(loginErrorMessage({ error: 'ACCOUNT_LOCKED', data: { seconds: 90 } })).toEqual({
      id: 'login.error.locked',
      values: { seconds: 90 },
    });
  });
});

describe('a session ended under an open page', () => {
  it('gives every reason a headline in both languages; a disabled account’s is the sign-in refusal’s', () => {
    for (const reason of SESSION_END_REASONS) {
      const message = sessionEndedMessage(reason);
      expect(message).not.toBeNull();
      expect(zhCN[message!.id as keyof typeof zhCN]).toBeTruthy();
      expect(enUS[message!.id as keyof typeof enUS]).toBeTruthy();
    }
    expect(sessionEndedMessage('disabled')).toEqual(
      loginErrorMessage({ error: 'ACCOUNT_DISABLED' }),
    );
  });

  it('shows nothing when no session ended under the page', () => {
    expect(sessionEndedMessage(null)).toBeNull();
  });
});
