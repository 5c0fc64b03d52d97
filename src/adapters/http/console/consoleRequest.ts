import type { AxiosRequestConfig } from 'axios';
import { ReportedError } from '../../../domain/account/account';
import { REMINDER_CODE } from '../../../protocol/codes';
import { ApiError } from '../apiError';
import type { HttpClient } from '../httpClient';

/** Statuses the shared HTTP client shows a notice for itself, once the console's 404s are its own answers. */
const SHOWN_STATUSES = new Set([401, 403, 408, 429, 500]);

/**
 * A console call under /api/admin. A 404 names what is gone (消息不存在…), so the page shows the server's
 * message rather than「接口不存在」; what the HTTP client already showed (a 401, a reminder) becomes a
 * ReportedError, so the page does not show it twice.
 */
export function consoleRequest(http: HttpClient) {
  return <T>(config: AxiosRequestConfig): Promise<T> =>
    http.request<T>({ ...config, url: `/api/admin${config.url ?? ''}`, notFoundIsAnswer: true }).catch((error: unknown) => {
      const shown = error instanceof ApiError && (SHOWN_STATUSES.has(error.status) || error.code === REMINDER_CODE);
      throw shown ? new ReportedError(error.message) : error;
    });
}

/** A query string of the parameters that say something (empty ones left out). */
export function queryOf(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
