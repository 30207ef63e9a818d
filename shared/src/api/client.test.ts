// @vitest-environment jsdom
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { Message } from '@arco-design/web-react';
import { showApiError } from './client';

const config = { headers: new AxiosHeaders() };

function responseError(status: number, msg: string) {
  const data = { code: status * 100 + 1, msg, data: null };
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
}

const shown = () =>
  Array.from(document.querySelectorAll('.arco-message')).map((m) => m.textContent ?? '');

describe('an API error as a message', () => {
  afterEach(() => Message.clear());

  it('shows one message for the 401s of a page whose session ended, not one per read', async () => {
    // The reads fail a moment apart, each after the message before it is on screen.
    for (let i = 0; i < 3; i++) {
      showApiError(responseError(401, '登录已过期，请重新登录'));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(shown()).toEqual(['登录已过期，请重新登录']);
  });

  it('still shows each other error', async () => {
    showApiError(responseError(409, '数据已被他人修改，请刷新后重试'));
    await new Promise((r) => setTimeout(r, 50));
    showApiError(responseError(400, '参数错误'));
    await new Promise((r) => setTimeout(r, 50));
    // (The first test's message may still be fading out.)
    expect(shown().filter((t) => !t.startsWith('登录'))).toEqual([
      '数据已被他人修改，请刷新后重试',
      '参数错误',
    ]);
  });
});
