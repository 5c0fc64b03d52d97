/**
 * The HTTP transport behind HttpClient, loaded on the first call (or when the browser is idle): axios and
 * the status notices are not part of the script a server-rendered page needs before it is live.
 */
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { REAUTH_REQUIRED_CODE, REMINDER_CODE, type Envelope } from '../../protocol/codes';
import type { Notifier } from '../../ports/notifier';
import * as zhCN from '../../i18n/zh-CN';
import { ApiError } from './apiError';
import type { HttpClientOptions } from './httpClient';

const text = zhCN.http;

/** Spec section 8: which statuses produce which notice. Other statuses stay silent. */
function reportStatus(notifier: Notifier, status: number, serverMessage: string | undefined): void {
  switch (status) {
    case 401:
      return notifier.notify({ level: 'error', title: text.errorTip, message: serverMessage || text.loginExpired });
    case 403:
      return notifier.notify({ level: 'error', title: text.errorTip, message: serverMessage || text.forbidden });
    case 404:
      return notifier.notify({ level: 'error', title: text.errorTip, message: text.interfaceNotFound });
    case 408:
      return notifier.notify({ level: 'warning', title: text.friendlyReminder, message: serverMessage || text.serverError });
    case 429:
      return notifier.notify({ level: 'warning', title: text.friendlyReminder, message: serverMessage || zhCN.server.rateLimited });
    case 500:
      return notifier.notify({ level: 'error', title: text.errorTip, message: serverMessage || text.serverError });
  }
}

/** What a failed call says when the server gave no message: "network" only when nothing answered. */
function fallbackMessage(status: number, code: string | undefined): string {
  if (code === 'ECONNABORTED' || status === 408) return text.timeout;
  switch (status) {
    case 0:
      return text.networkError;
    case 401:
      return text.loginExpired;
    case 403:
      return text.forbidden;
    case 404:
      return text.interfaceNotFound;
    case 429:
      return zhCN.server.rateLimited;
    default:
      return text.serverError;
  }
}

/** The shared axios instance: the spec's notices for each status, the 401 hook and the bearer token. */
export function createAxiosInstance(options: HttpClientOptions): AxiosInstance {
  const instance = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: 10_000,
    withCredentials: true,
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });

  instance.interceptors.request.use((config) => {
    const token = options.token?.();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  instance.interceptors.response.use(
    (response) => {
      const body = response.data as Partial<Envelope<unknown>> | undefined;
      if (body?.code === REMINDER_CODE) {
        options.notifier.notify({ level: 'warning', title: text.friendlyReminder, message: body.message ?? '' });
      }
      return response;
    },
    async (error: unknown) => {
      if (!(error instanceof AxiosError)) throw error;
      const status = error.response?.status ?? 0;
      const body = error.response?.data as Partial<Envelope<unknown>> | undefined;
      const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
      // What cannot be undone, asked with an old proof: the password again, then the same call once more.
      if (status === 403 && body?.code === REAUTH_REQUIRED_CODE && error.config && !error.config.reauthRetried && options.reauthenticate) {
        if (await options.reauthenticate()) return instance.request({ ...error.config, reauthRetried: true });
        // Given up in the dialog: nothing more to say.
        throw new ApiError(serverMessage ?? text.forbidden, status, REAUTH_REQUIRED_CODE);
      }
      if (!(status === 404 && error.config?.notFoundIsAnswer)) reportStatus(options.notifier, status, serverMessage);
      if (status === 401) options.onUnauthorized?.();
      const message = serverMessage || fallbackMessage(status, error.code);
      throw new ApiError(message, status, body?.code ?? status);
    },
  );

  return instance;
}
