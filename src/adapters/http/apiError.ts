/** A refused or failed API call: `status` is the HTTP status (0 when no response), `code` the envelope code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
