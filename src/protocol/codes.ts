// Plain values only (no TypeBox), so the client's HTTP adapter can import them without the schema library.

/** Every site-API response: code 0 is success, anything else carries a Chinese message. */
export interface Envelope<T> {
  code: number;
  result: T | null;
  message: string;
}

export const SUCCESS_CODE = 0;
/** A refusal the client shows as a friendly reminder (spec section 8). */
export const REMINDER_CODE = 100;

/** `code` of every successful /wapi answer (NeteaseCloudMusicApi's convention). */
export const MUSIC_OK = 200 as const;

/**
 * The envelope code of a 403 for what cannot be undone (a backup, emptying the bin, a role…) when the session
 * last proved its password too long ago: the client asks for it (POST /api/user/reauth) and retries.
 */
export const REAUTH_REQUIRED_CODE = 4031;
