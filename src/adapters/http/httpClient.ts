import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { SUCCESS_CODE, type Envelope } from '../../protocol/codes';
import type { Notifier } from '../../ports/notifier';
import { ApiError } from './apiError';
import { loadOnce } from '../loadOnce';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A 404 means "no such item" for this call (an article, a talk…), which the page shows itself:
     * the catalogue's "接口不存在" is not shown for it.
     */
    notFoundIsAnswer?: boolean;
    /** Already retried after the password was asked again (or the asking call itself): never asked twice. */
    reauthRetried?: boolean;
  }
}

export interface HttpClientOptions {
  notifier: Notifier;
  /** Called on HTTP 401 so the session can end and the login dialog open. */
  onUnauthorized?: () => void;
  /**
   * Asks the password again after a 403 with REAUTH_REQUIRED_CODE; resolves whether it was given (the call is
   * then sent once more). Absent: the refusal is the call's answer.
   */
  reauthenticate?: () => Promise<boolean>;
  /** A bearer token for non-cookie clients; the browser build keeps none. */
  token?: () => string | undefined;
  baseURL?: string;
}

export interface HttpClient {
  /** Sends a request and unwraps the envelope; a non-zero code rejects with ApiError. */
  request<T>(config: AxiosRequestConfig): Promise<T>;
  /** Sends a request and returns the body as sent, for APIs that answer without the site's envelope. */
  requestBody<T>(config: AxiosRequestConfig): Promise<T>;
  readonly baseURL: string;
  /** The axios instance, loaded with its library on first use. */
  transport(): Promise<AxiosInstance>;
}

/** The transport's code, fetched once; the idle prefetch calls this too, so a first call rarely waits. */
export const loadTransport = () => import('./axiosTransport');

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const transport = loadOnce(() => loadTransport().then(({ createAxiosInstance }) => createAxiosInstance(options)));
  const requestBody = async <T>(config: AxiosRequestConfig): Promise<T> => (await (await transport()).request<T>(config)).data;
  return {
    baseURL: options.baseURL ?? '',
    transport,
    requestBody,
    async request<T>(config: AxiosRequestConfig): Promise<T> {
      const data = await requestBody<Envelope<T>>(config);
      if (data.code !== SUCCESS_CODE) throw new ApiError(data.message, 200, data.code);
      return data.result as T;
    },
  };
}
