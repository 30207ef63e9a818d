import { describe, expect, it } from 'vitest';
import enUS from '../../locale/en-US';
import zhCN from '../../locale/zh-CN';
import { loginErrorMessage } from './loginError';

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
