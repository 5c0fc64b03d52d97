/**
 * A refusal the client is meant to see. The HTTP adapter maps the kind to a status and puts the
 * Chinese message in the response envelope; anything that is not an AppError becomes a 500.
 */
export type AppErrorKind =
  | 'invalid' // 400: the request breaks a validation rule
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'reauthenticate' // 403 with REAUTH_REQUIRED_CODE: the password again, then the same request
  | 'notFound' // 404
  | 'conflict' // 409
  | 'payloadTooLarge' // 413
  | 'unsupportedMediaType' // 415: the bytes are not of a kind the call accepts
  | 'rateLimited' // 429
  | 'unavailable' // 502: a service we depend on failed
  | 'timeout' // 504: a service we depend on did not answer in time
  | 'refused'; // 200 with a non-zero code: a business rule said no

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Envelope code for `refused` (the client shows code 100 as a friendly reminder itself). */
    readonly code = 100,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
