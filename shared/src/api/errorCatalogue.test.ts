import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { apiErrorMessage, EnvelopeError, ERROR_TEXTS } from './errorCatalogue';

const config = { headers: new AxiosHeaders() };

function responseError(status: number, data: unknown) {
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
}

describe('the error catalogue (seed §8)', () => {
  it('shows the body message when the server answered with one', () => {
    expect(
      apiErrorMessage(
        responseError(409, { code: 40901, msg: '数据已被他人修改，请刷新后重试', data: null }),
      ),
    ).toBe('数据已被他人修改，请刷新后重试');
  });

  it('shows "server error (status)" when the answer has no message', () => {
    expect(apiErrorMessage(responseError(502, '<html>Bad gateway</html>'))).toBe('服务器错误(502)');
    expect(apiErrorMessage(responseError(500, { msg: '' }))).toBe(ERROR_TEXTS.serverError(500));
  });

  it('shows the network text when no answer came back', () => {
    expect(apiErrorMessage(new AxiosError('Network Error', 'ERR_NETWORK', config, {}))).toBe(
      '网络连接错误，请检查网络',
    );
  });

  it("shows the error's own message, else the configuration text, when no request went out", () => {
    expect(apiErrorMessage(new AxiosError('Invalid URL', 'ERR_INVALID_URL', config))).toBe(
      'Invalid URL',
    );
    expect(apiErrorMessage(new AxiosError('', undefined, config))).toBe('请求配置错误');
  });

  it('falls back to "request failed"', () => {
    expect(apiErrorMessage(new Error('boom'))).toBe('请求失败');
    expect(apiErrorMessage('odd')).toBe('请求失败');
  });

  it('shows the envelope message of a non-success code in a 200 answer', () => {
    expect(
      apiErrorMessage(new EnvelopeError(200, { code: 40000, msg: '请求参数不合法', data: null })),
    ).toBe('请求参数不合法');
    expect(apiErrorMessage(new EnvelopeError(200, { code: 40000, msg: '', data: null }))).toBe(
      '请求失败',
    );
  });
});
