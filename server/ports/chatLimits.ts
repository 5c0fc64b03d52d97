/** What a send meets: accepted, the same text again too soon, or too many sends in the window. */
export type ChatAdmission = 'ok' | 'duplicate' | 'rate_limited';

/**
 * The chat room's send limits (CHAT_POLICY's rate and duplicate windows), counted per user: in memory for one
 * process, or in Redis so that every instance counts the same sends.
 */
export interface ChatLimits {
  /** Checks `text` from `userId` at `nowMs`; an accepted send is recorded, a refused one is not. */
  admit(userId: number, text: string, nowMs: number): Promise<ChatAdmission>;
}
