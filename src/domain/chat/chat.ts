/**
 * The chat room's rules without any framework: message and frame shapes as the domain sees them, list
 * merging (dedupe by id, pending own messages), the reconnect schedule, validation and client message ids.
 */

export const CHAT_PAGE_SIZE = 10;
export const CHAT_HEARTBEAT_MS = 30_000;
export const CHAT_RETRY_DELAY_MS = 5_000;
export const CHAT_MAX_RETRIES = 5;
/** A socket that neither opens nor fails within this long counts as a failed attempt. */
export const CHAT_CONNECT_TIMEOUT_MS = 10_000;
export const CHAT_IMAGE_COMPRESS_BYTES = 800 * 1024;
export const CHAT_MAX_TEXT = 500;
/** The server lets an author revert a message within this long (administrators always). */
export const CHAT_REVERT_WINDOW_MS = 2 * 60_000;
export const ADMIN_ROLE = 1;
/** The mute lengths an administrator picks from, in minutes (10 分钟, 1 小时, 1 天: the room's longest). */
export const MUTE_PRESETS = [10, 60, 1440] as const;
/** Close code after a kick: no automatic reconnect. */
export const CLOSE_KICKED = 4001;

export type ChatContentType = 'text' | 'image';

export interface ChatMessage {
  id: number;
  userId: number;
  nickName: string;
  avatar: string;
  content: string;
  contentType: ChatContentType;
  clientId: string;
  /** ISO-8601 time the server stored it. */
  time: string;
}

/** A message in the list: a stored one, or the reader's own send waiting for its ack (`id` null). */
export interface ChatEntry extends Omit<ChatMessage, 'id'> {
  id: number | null;
  pending: boolean;
}

export interface OnlineUser {
  userId: number;
  nickName: string;
  avatar: string;
}

export interface ChatMe extends OnlineUser {
  role: number;
  /** ISO time until which this user may not send, or null. */
  mutedUntil: string | null;
}

export type TipCode =
  | 'login_required'
  | 'empty'
  | 'too_long'
  | 'invalid_image'
  | 'rate_limited'
  | 'duplicate'
  | 'muted'
  | 'forbidden'
  | 'not_found'
  | 'invalid_frame'
  | 'server_error'
  | 'kicked'
  | 'user_muted'
  | 'user_unmuted';

/** What the server says, translated from the wire by the socket adapter. */
export type ChatInbound =
  | {
      kind: 'init';
      mode: 'recent' | 'missed';
      list: ChatMessage[];
      reverted: number[];
      hasMore: boolean;
      online: OnlineUser[];
      me: ChatMe | null;
    }
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'ack'; clientId: string; id: number; duplicate: boolean }
  | { kind: 'tips'; content: string; code: TipCode; clientId?: string }
  | { kind: 'online'; list: OnlineUser[] }
  | { kind: 'revert'; messageId: number }
  | { kind: 'clear' }
  | { kind: 'offline'; userId: number; content: string }
  | { kind: 'pong' };

/** What the client says. */
export type ChatOutbound =
  | { kind: 'init'; lastId: number }
  | { kind: 'message'; clientId: string; content: string; contentType: ChatContentType }
  | { kind: 'offline'; userId: number }
  | { kind: 'mute'; userId: number; minutes: number }
  | { kind: 'ping' };

export type ChatSend = Extract<ChatOutbound, { kind: 'message' }>;

/** The file the reader picked, as far as the rules care (a browser `File` fits). */
export interface PickedImage {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

// ---------------------------------------------------------------- schedule

/** Delay before retry number `attempt` (1-based), or null once the retries are spent. */
export function retryDelay(attempt: number): number | null {
  return attempt >= 1 && attempt <= CHAT_MAX_RETRIES ? CHAT_RETRY_DELAY_MS : null;
}

// ---------------------------------------------------------------- validation

export type SendRefusal = 'login_required' | 'empty' | 'too_long';

/** Why a text cannot be sent by this reader, or null when it can. */
export function checkSend(me: ChatMe | null, content: string): SendRefusal | null {
  if (!me) return 'login_required';
  const trimmed = content.trim();
  if (trimmed === '') return 'empty';
  if ([...trimmed].length > CHAT_MAX_TEXT) return 'too_long';
  return null;
}

export function isAdmin(me: ChatMe | null): boolean {
  return me?.role === ADMIN_ROLE;
}

/** Spec 5: revert is offered to the author (within the server's window) and to administrators. */
export function canRevert(me: ChatMe | null, entry: ChatEntry, nowMs: number): boolean {
  if (!me || entry.id === null) return false;
  if (isAdmin(me)) return true;
  if (entry.userId !== me.userId) return false;
  const sent = Date.parse(entry.time);
  return Number.isNaN(sent) || nowMs - sent < CHAT_REVERT_WINDOW_MS;
}

/** True while a kick or a mute keeps this reader from sending. */
export function isMuted(me: ChatMe | null, nowMs: number): boolean {
  if (!me?.mutedUntil) return false;
  const until = Date.parse(me.mutedUntil);
  return Number.isNaN(until) || until > nowMs;
}

/** Spec 5: files over 800 KB are compressed before upload. */
export function needsCompression(image: PickedImage): boolean {
  return image.size > CHAT_IMAGE_COMPRESS_BYTES;
}

// ---------------------------------------------------------------- client message ids

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A tab prefix from random draws (`int(36)` each): with a time stamp, unique per user across tabs and reloads. */
export function tabPrefix(nowMs: number, draw: (max: number) => number): string {
  let suffix = '';
  for (let index = 0; index < 8; index += 1) suffix += ID_ALPHABET[draw(ID_ALPHABET.length)] ?? '0';
  return `${Math.max(0, Math.floor(nowMs)).toString(36)}.${suffix}`;
}

/** The `seq`-th client message id of a tab: matches the wire's `[A-Za-z0-9_.:-]{1,64}`. */
export function clientIdFor(prefix: string, seq: number): string {
  return `${prefix}-${seq}`.slice(0, 64);
}

// ---------------------------------------------------------------- lists

export function toEntry(message: ChatMessage): ChatEntry {
  return { ...message, pending: false };
}

/** The newest stored id in the list (0 when none): what `init` asks to catch up from. */
export function newestId(entries: readonly ChatEntry[]): number {
  let newest = 0;
  for (const entry of entries) if (entry.id !== null && entry.id > newest) newest = entry.id;
  return newest;
}

export function oldestId(entries: readonly ChatEntry[]): number | null {
  let oldest: number | null = null;
  for (const entry of entries) if (entry.id !== null && (oldest === null || entry.id < oldest)) oldest = entry.id;
  return oldest;
}

/**
 * Stored messages sorted by id with every id once, then the pending sends in the order they were made.
 * A pending send whose stored copy is present (same author and client id) is dropped: the list never
 * shows one message twice.
 */
export function normalise(entries: readonly ChatEntry[]): ChatEntry[] {
  const stored = new Map<number, ChatEntry>();
  const pending: ChatEntry[] = [];
  for (const entry of entries) {
    if (entry.id === null) pending.push(entry);
    else if (!stored.has(entry.id)) stored.set(entry.id, entry);
  }
  const sorted = [...stored.values()].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  const storedKeys = new Set(sorted.map((entry) => `${entry.userId}:${entry.clientId}`));
  const seenPending = new Set<string>();
  const stillPending = pending.filter((entry) => {
    const key = `${entry.userId}:${entry.clientId}`;
    if (storedKeys.has(key) || seenPending.has(key)) return false;
    seenPending.add(key);
    return true;
  });
  return [...sorted, ...stillPending];
}

/** Adds stored messages (any order, any overlap) to the list. */
export function mergeMessages(entries: readonly ChatEntry[], messages: readonly ChatMessage[]): ChatEntry[] {
  return normalise([...entries, ...messages.map(toEntry)]);
}

/** The list after an ack: the pending send becomes the stored message `id`. */
export function confirmSend(entries: readonly ChatEntry[], clientId: string, userId: number, id: number): ChatEntry[] {
  return normalise(
    entries.map((entry) =>
      entry.id === null && entry.clientId === clientId && entry.userId === userId
        ? { ...entry, id, pending: false }
        : entry,
    ),
  );
}

export function dropPending(entries: readonly ChatEntry[], clientId?: string): ChatEntry[] {
  return entries.filter((entry) => !(entry.id === null && (clientId === undefined || entry.clientId === clientId)));
}

/** After a clear: only the sends still waiting for their ack stay. */
export function pendingOnly(entries: readonly ChatEntry[]): ChatEntry[] {
  return entries.filter((entry) => entry.id === null);
}

export function removeIds(entries: readonly ChatEntry[], ids: readonly number[]): ChatEntry[] {
  if (ids.length === 0) return [...entries];
  const gone = new Set(ids);
  return entries.filter((entry) => entry.id === null || !gone.has(entry.id));
}

/** Spec 9: a history page that came back full means older messages may exist. */
export function pageHasMore(received: number): boolean {
  return received >= CHAT_PAGE_SIZE;
}
