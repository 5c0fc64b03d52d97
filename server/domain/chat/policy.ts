import { CHAT_MUTE_MAX_DAYS } from '../../../src/protocol/console/moderation';

/** The chat room's limits. The spec fixes none of them beyond the page size; a public room needs them. */
export const CHAT_POLICY = {
  /** Longest text message, in characters (code points). */
  maxTextLength: 500,
  /** Sends accepted per user in any window of `rateWindowMs`. */
  rateLimit: 5,
  rateWindowMs: 5_000,
  /** The same text from the same user within this time is refused. */
  duplicateWindowMs: 10_000,
  /** An author may revert their own message for this long; an administrator always. */
  revertWindowMs: 2 * 60_000,
  /** A kicked user cannot send for this long. */
  kickBanMs: 10 * 60_000,
  /** Longest mute an administrator can set from the room (the `mute` frame), in minutes. */
  maxMuteMinutes: 1440,
  /** Longest mute the console sets until a chosen time; longer than that, disable the account. */
  maxChosenMuteMs: CHAT_MUTE_MAX_DAYS * 24 * 60 * 60_000,
  /** Messages in the first (recent) page of an init. */
  recentPageSize: 10,
  /** Most messages replayed to a reconnecting client; beyond that it gets the recent page instead. */
  maxReplay: 200,
  /** Reverted ids reported to a reconnecting client. */
  maxRevertedReplay: 200,
} as const;

/** Own uploads only: POST /api/upload/img answers `/media/<24 hex>.webp`; imported media keep their extension. */
export const OWN_IMAGE_URL = /^\/media\/[0-9a-f]{24}\.(webp|png|jpe?g|gif|avif)$/;
