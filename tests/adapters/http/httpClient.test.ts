import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/adapters/http/apiError';
import { createHttpClient } from '../../../src/adapters/http/httpClient';
import type { Notice, Notifier } from '../../../src/ports/notifier';
import * as zhCN from '../../../src/i18n/zh-CN';
import { REAUTH_REQUIRED_CODE } from '../../../src/protocol/codes';

/** A client whose transport answers every call with `status` and `body`. */
async function clientAnswering(status: number, body: unknown) {
  const notices: Notice[] = [];
  const notifier = { notify: (notice) => void notices.push(notice) } satisfies Notifier;
  const http = createHttpClient({ notifier });
  (await http.transport()).defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const response = { data: body, status, statusText: '', headers: new AxiosHeaders(), config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  return { http, notices };
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the HTTP client and the error catalogue (spec section 8)', () => {
  it('a 429 without a message shows the catalogue text, never an empty notice', async () => {
    const { http, notices } = await clientAnswering(429, { code: 429, result: null, message: '' });
    const error = await failure(http.request({ url: '/api/user/login', method: 'POST' }));
    expect(notices).toEqual([{ level: 'warning', title: zhCN.http.friendlyReminder, message: zhCN.server.rateLimited }]);
    expect(error.message).toBe(zhCN.server.rateLimited);
  });

  it('a status that answered without a message is not called a network failure', async () => {
    for (const status of [409, 502, 503]) {
      const { http } = await clientAnswering(status, '');
      const error = await failure(http.request({ url: '/api/x' }));
      expect(error.message).toBe(zhCN.http.serverError);
    }
  });

  it('keeps the server message when there is one', async () => {
    const { http, notices } = await clientAnswering(429, { code: 429, result: null, message: '慢一点' });
    expect((await failure(http.request({ url: '/api/x' }))).message).toBe('慢一点');
    expect(notices[0]?.message).toBe('慢一点');
  });

  it('a 404 for a call that reads one item is that call\'s answer: no "接口不存在" notice', async () => {
    const quiet = await clientAnswering(404, { code: 404, result: null, message: '文章不存在' });
    expect((await failure(quiet.http.request({ url: '/api/article/getArticleById/9', notFoundIsAnswer: true }))).status).toBe(404);
    expect(quiet.notices).toEqual([]);
    const loud = await clientAnswering(404, { code: 404, result: null, message: '接口不存在' });
    await failure(loud.http.request({ url: '/api/nothing' }));
    expect(loud.notices).toEqual([{ level: 'error', title: zhCN.http.errorTip, message: zhCN.http.interfaceNotFound }]);
  });

  it('answers a 403 asking the password again by asking it, then sends the same call once more; giving up ends the call', async () => {
    for (const given of [true, false]) {
      const notices: Notice[] = [];
      const asked: string[] = [];
      const http = createHttpClient({
        notifier: { notify: (notice) => void notices.push(notice) },
        reauthenticate: async () => {
          asked.push('asked');
          return given;
        },
      });
      const sent: unknown[] = [];
      (await http.transport()).defaults.adapter = async (config: InternalAxiosRequestConfig) => {
        sent.push(config.data);
        // Refused until the password was given: then the retry passes.
        const proved = sent.length > 1;
        const body = proved
          ? { code: 0, result: 'emptied', message: '' }
          : { code: REAUTH_REQUIRED_CODE, result: null, message: zhCN.signIn.server.reauthRequired };
        const response = { data: body, status: proved ? 200 : 403, statusText: '', headers: new AxiosHeaders(), config };
        if (proved) return response;
        throw new AxiosError('status 403', AxiosError.ERR_BAD_RESPONSE, config, {}, response);
      };
      const call = http.request<string>({ url: '/api/admin/articles/bin', method: 'DELETE', data: { all: true } });
      if (given) {
        expect(await call).toBe('emptied');
        expect(sent).toEqual([JSON.stringify({ all: true }), JSON.stringify({ all: true })]);
      } else {
        expect((await failure(call)).code).toBe(REAUTH_REQUIRED_CODE);
        expect(sent).toHaveLength(1);
      }
      expect(asked).toEqual(['asked']);
      // The dialog was the answer: no error notice on top of it.
      expect(notices).toEqual([]);
    }
  });
});
