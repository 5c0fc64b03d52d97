import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Dates are ISO-8601 text and booleans are 0/1 integers so that the same
 * queries and migrations run on SQLite and PostgreSQL.
 */
export interface SiteConfigTable {
  id: number;
  name: string;
  author: string;
  avatar: string;
  motto: string;
  /** JSON array of the mottos typed in the home banner. */
  typed_mottos: string;
  notice: string;
  /** The footer's copyright line; '' shows the default (© year and site name). */
  copyright: string;
  filing_number: string;
  since: string;
  view_count: number;
  updated_at: string;
}

export interface PageHeaderTable {
  id: Generated<number>;
  route: string;
  image: string;
}

export interface UserAccountTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username with a unique index: names are unique whatever their letter case. */
  username_key: string;
  /** The name's skeleton (look-alike letters folded, see usernameSkeleton), unique; null only before a backfill. */
  username_skeleton: string | null;
  nick_name: string;
  avatar: string;
  /** 1 is the administrator. */
  role: number;
  password_hash: string;
  /** 1 while the password is one that was generated and shown (first start, `npm run user`): it must be changed. */
  must_change_password: Generated<number>;
  /** Where reply emails go ('' for none); only told to its owner. */
  email: Generated<string>;
  /** 1: 邮件提醒 on (replies by email). */
  email_notify: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The last successful sign-in; null before the first one (or before it was recorded). */
  last_login_at: string | null;
  /** When the blogger disabled the account (it cannot sign in; its content stays); null while enabled. */
  disabled_at: string | null;
}

export interface UserSessionTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the session token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  persistent: number;
  created_at: string;
  expires_at: string;
  /** The browser's User-Agent at sign-in (cut to 512 characters), shown parsed in the personal centre. */
  user_agent: Generated<string>;
  /** The client address at sign-in. */
  address: Generated<string>;
  /** Refreshed at most every SESSION_POLICY.refreshEveryMs; null before the first use after sign-in. */
  last_seen_at: string | null;
  /** When the session last proved the password (sign-in, re-authentication); null: at its creation. */
  proved_at: string | null;
}

/** A browser an account has signed in from, known by its device cookie (only the cookie's hash is kept). */
export interface UserDeviceTable {
  id: Generated<number>;
  user_id: number;
  device_hash: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** A sign-in from a new browser, told to its owner with a 「不是我」 link (only the link's hash is kept). */
export interface SignInAlertTable {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** When the link was used: it works once. */
  used_at: string | null;
  /** The hash of the one-time grant to set a new password that using the link handed out. */
  reset_hash: string | null;
  reset_expires_at: string | null;
}

export interface UserTwoStepTable {
  user_id: number;
  /** The TOTP secret sealed with AES-256-GCM (see secretBox.ts): a database dump alone does not give it. */
  secret: string;
  /** 0 while being set up (no code confirmed yet), 1 once it guards sign-in. */
  enabled: Generated<number>;
  /** The latest TOTP time step accepted: a code of that step or an earlier one is a replay. */
  last_step: Generated<number>;
  created_at: string;
}

export interface UserRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC of the normalised code under the site's secret key; a used code's row is deleted. */
  code_hash: string;
}

export interface LoginChallengeTable {
  id: Generated<number>;
  /** SHA-256 of the token handed to the client after the right password, exchanged for a session by the second step. */
  token_hash: string;
  user_id: number;
  persistent: number;
  expires_at: string;
}

export interface UserPasskeyTable {
  id: Generated<number>;
  user_id: number;
  /** The credential's id, base64url: unique across accounts. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter last seen (bigint: PostgreSQL answers it as a string). */
  counter: Generated<number | string>;
  /** The transports the browser reported, comma-separated. */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengeTable {
  id: Generated<number>;
  /** register, signIn, secondStep or confirm. */
  purpose: string;
  /** What the challenge is bound to: a digest of the session, the sign-in cookie or the password-checked sign-in. */
  binding: string;
  challenge: string;
  user_id: number | null;
  expires_at: string;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  message: string;
  to_id: number | null;
  /** The comment a type-1/2 notice is about (scrolled to), null otherwise. */
  comment_id: Generated<number | null>;
  /** 1 unread, 0 read (the spec's isView). */
  is_view: number;
  created_at: string;
}

export interface LoginAttemptTable {
  /** `account:<name>`, `pair:<name>|<ip>` or `address:<ip>` (names lower-cased). */
  throttle_key: string;
  /** When the current window began (its first attempt). */
  window_start: string;
  /** Attempts in the window not given back by a success. */
  attempts: number;
}

export interface RegistrationAttemptTable {
  id: Generated<number>;
  /** The client address the attempt came from. */
  address: string;
  attempted_at: string;
}

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ArticleTable {
  id: Generated<number>;
  /** Front-matter slug or source path: a re-import of the same source updates this row. */
  source_key: string;
  title: string;
  summary: string;
  cover: string;
  category_id: number | null;
  pinned: number;
  pin_order: number;
  /** 'public' | 'hidden' | 'draft'; only public rows are ever shown. */
  status: string;
  views: number;
  /** Seconds readers have spent on the article. */
  reading_duration: number;
  likes: number;
  word_count: number;
  created_at: string;
  updated_at: string;
  /** 1 for a new article, one more at each save of its text in the console (or re-import). */
  version: Generated<number>;
  /** A 'draft' with a publish time is scheduled (定时发布); null otherwise. */
  publish_at: string | null;
  /** When it went to the 回收站 (its status is then 'hidden'); null otherwise. */
  deleted_at: string | null;
  /** The status it had before the 回收站, given back on restore; null outside the bin. */
  trashed_status: string | null;
  /** Approved, not deleted comments (kept by the comment repository). */
  comment_count: Generated<number>;
  /** 1 when readers may no longer comment on it (issue 49). */
  comments_closed: Generated<number>;
}

/** An address the article had on the old blog (normalised by server/domain/content/oldAddress.ts). */
export interface ArticleOldAddressTable {
  address: string;
  article_id: number;
}

export interface ArticleRevisionTable {
  id: Generated<number>;
  article_id: number;
  /** The article's version this save made. */
  version: number;
  title: string;
  content: string;
  /** The summary as written ('' = the start of the body). */
  summary: string;
  /** Characters of `content`. */
  size: number;
  created_at: string;
}

export interface ArticleBodyTable {
  article_id: number;
  /** Markdown. */
  content: string;
}

export interface ArticleTagTable {
  article_id: number;
  tag_id: number;
  /** Order of the tag in the article's front matter. */
  position: number;
}

export interface AlbumTable {
  id: Generated<number>;
  name: string;
  description: string;
  cover: string;
  created_at: string;
  /** Place among the albums, set by the console (0 until arranged; ties in id order). */
  position: Generated<number>;
}

export interface PhotoTable {
  id: Generated<number>;
  album_id: number;
  url: string;
  description: string;
  width: number;
  height: number;
  /** Place in its album, set by the console (0 until arranged; ties in id order). */
  position: Generated<number>;
}

export interface TalkTable {
  id: Generated<number>;
  content: string;
  /** JSON array of image URLs. */
  images: string;
  pinned: number;
  likes: number;
  created_at: string;
  /** 1: kept for the blogger, out of every public list and address. */
  hidden: Generated<number>;
  /** Approved, not deleted comments (kept by the comment repository). */
  comment_count: Generated<number>;
}

export interface FriendLinkTable {
  id: Generated<number>;
  name: string;
  description: string;
  url: string;
  avatar: string;
  /** 'pending' | 'approved' | 'rejected'. */
  status: string;
  user_id: number | null;
  created_at: string;
}

export interface ResourceTable {
  id: Generated<number>;
  /** 'front' | 'back'. */
  side: string;
  kind: string;
  name: string;
  description: string;
  url: string;
  cover: string;
  /** Place in its side's list, set by the console (ties in id order). */
  position: Generated<number>;
}

export interface SiteEntryTable {
  id: Generated<number>;
  kind: string;
  name: string;
  description: string;
  url: string;
  icon: string;
  /** Place in the site list, set by the console (ties in id order). */
  position: Generated<number>;
}

export interface BoardMessageTable {
  id: Generated<number>;
  content: string;
  color: string;
  bg_image: string;
  /** The author's account; null for a nickname-only post (or when the account is gone). */
  user_id: number | null;
  nick_name: string;
  avatar: string;
  likes: number;
  created_at: string;
  updated_at: string;
  /** 1: hidden by the blogger, out of every public list and address. */
  hidden: Generated<number>;
  /** Where an imported guestbook post came from; null for posts written here. */
  import_key: Generated<string | null>;
}

export interface BoardMessageLikeTable {
  message_id: number;
  user_id: number;
}

export interface MessageReplyTable {
  id: Generated<number>;
  message_id: number;
  user_id: number;
  content: string;
  created_at: string;
  /** 1: hidden by the blogger, out of the post's public thread. */
  hidden: Generated<number>;
}

export interface ChatMessageTable {
  id: Generated<number>;
  user_id: number;
  /** Text, or an image URL; blanked when reverted. */
  content: string;
  /** 'text' | 'image'. */
  content_type: string;
  /** The sender's id for this send; unique per user. */
  client_id: string;
  created_at: string;
  /** Set when the message was reverted (the row stays as a tombstone for replays). */
  reverted_at: string | null;
}

export interface ChatClearTable {
  id: Generated<number>;
  /** Highest message id the clear removed. */
  through_id: number;
  user_id: number | null;
  cleared_at: string;
}

export interface ChatBanTable {
  user_id: number;
  until: string;
  /** 'kick' | 'mute'. */
  reason: string;
}

export interface CommentTable {
  id: Generated<number>;
  /** Exactly one of article_id / talk_id is set: what the comment is on. */
  article_id: number | null;
  talk_id: number | null;
  /** The top-level comment of the thread; null for a top-level comment. */
  parent_id: number | null;
  /** The comment a reply answers (its author is quoted as @昵称); null for top-level comments. */
  reply_to: number | null;
  user_id: number | null;
  nick_name: string;
  /** A visitor's email, '' for none or for users. */
  email: Generated<string>;
  site: Generated<string>;
  /** Markdown source ('' once deleted). */
  content: string;
  /** `content` rendered and sanitised at write time. */
  html: string;
  /** 'approved' | 'pending' | 'spam'. */
  status: string;
  deleted: Generated<number>;
  /** 1 when public lists show the row (see commentRepository). */
  listed: Generated<number>;
  /** Listed replies of a top-level comment. */
  reply_count: Generated<number>;
  likes: Generated<number>;
  /** Keyed hash of the poster's address, for the per-address limits; the address is not stored. */
  address_hash: Generated<string>;
  created_at: string;
  /** Where an imported comment came from (`twikoo:<id>`…); null for comments written here. */
  import_key: Generated<string | null>;
}

export interface CommentLikeTable {
  comment_id: number;
  /** `u:<user id>`, or `v:<keyed hash>` for a visitor (one a day). */
  liker: string;
}

export interface TalkLikeTable {
  talk_id: number;
  /** As `comment_like.liker`. */
  liker: string;
}

export interface CommentSettingsTable {
  id: number;
  visitors_may_comment: Generated<number>;
  /** JSON array of keywords. */
  keywords: Generated<string>;
  /** Key of visitor hashes and unsubscribe tokens. */
  secret: string;
}

export interface SeedMarkerTable {
  name: string;
  created_at: string;
}

/** One scheduled backup, claimed by the instance that inserted its slot (the scheduled time, ISO). */
export interface BackupRunTable {
  slot: string;
  started_at: string;
  finished_at: string | null;
  file: string | null;
  error: string | null;
}

/** One scheduled media clean-up, claimed by the instance that inserted its slot (the scheduled time, ISO). */
export interface MediaSweepRunTable {
  slot: string;
  started_at: string;
  finished_at: string | null;
  /** Originals deleted (their variants not counted). */
  deleted: Generated<number>;
  /** Bytes of those originals (bigint: PostgreSQL answers it as a string). */
  deleted_bytes: Generated<number | string>;
  error: string | null;
}

export interface Database {
  backup_run: BackupRunTable;
  media_sweep_run: MediaSweepRunTable;
  site_config: SiteConfigTable;
  page_header: PageHeaderTable;
  user_account: UserAccountTable;
  user_session: UserSessionTable;
  notification: NotificationTable;
  login_attempt: LoginAttemptTable;
  user_two_step: UserTwoStepTable;
  user_recovery_code: UserRecoveryCodeTable;
  login_challenge: LoginChallengeTable;
  user_device: UserDeviceTable;
  sign_in_alert: SignInAlertTable;
  user_passkey: UserPasskeyTable;
  webauthn_challenge: WebauthnChallengeTable;
  registration_attempt: RegistrationAttemptTable;
  category: CategoryTable;
  tag: TagTable;
  article: ArticleTable;
  article_body: ArticleBodyTable;
  article_tag: ArticleTagTable;
  article_old_address: ArticleOldAddressTable;
  article_revision: ArticleRevisionTable;
  album: AlbumTable;
  photo: PhotoTable;
  talk: TalkTable;
  friend_link: FriendLinkTable;
  resource: ResourceTable;
  site_entry: SiteEntryTable;
  board_message: BoardMessageTable;
  board_message_like: BoardMessageLikeTable;
  message_reply: MessageReplyTable;
  seed_marker: SeedMarkerTable;
  comment: CommentTable;
  comment_like: CommentLikeTable;
  talk_like: TalkLikeTable;
  comment_settings: CommentSettingsTable;
  music_playlist: MusicPlaylistTable;
  music_song: MusicSongTable;
  chat_message: ChatMessageTable;
  chat_clear: ChatClearTable;
  chat_ban: ChatBanTable;
  audit_log: AuditLogTable;
}

/** The administrator's log (migration 0029). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_name: string;
  area: string;
  action: string;
  object_id: string;
  summary: string;
  address: string;
  user_agent: string;
  /** Autosaves of one sitting share it; null for everything else. */
  merge_key: string | null;
  times: Generated<number>;
}

export interface MusicPlaylistTable {
  id: Generated<number>;
  /** Folder path inside the music folder, '/'-separated; '' is the top level. */
  folder: string;
  name: string;
  description: string;
  /** Cover image inside the folder ('' when none). */
  cover_file: string;
  /** Size and modification time of the cover file. */
  cover_version: string;
  position: number;
  /** 0 once the folder is gone: the row stays so the id comes back with the folder. */
  present: number;
  updated_at: string;
}

export interface MusicSongTable {
  id: Generated<number>;
  /** Path inside the music folder, '/'-separated: the key that keeps the id stable (a CUE track's: path#number). */
  file: string;
  playlist_id: number;
  position: number;
  title: string;
  /** JSON array of artist names. */
  artists: string;
  album: string;
  /** JSON array of aliases. */
  aliases: string;
  duration_ms: number;
  /** Bits per second. */
  bitrate: number;
  size: number;
  mime: string;
  embedded_cover: number;
  /** Size and modification time: a rescan re-reads the tags only when this changes. */
  version: string;
  /** Size and a hash of the first bytes: a renamed file keeps its id. */
  fingerprint: string;
  present: number;
  play_count: number;
  updated_at: string;
  /** JSON: the names the tags did not give and where they came from ('lyric', 'path', 'none'); '{}' when none. */
  guessed: string;
  /** Size and modification time of the lyric file read for those names; '' when there was none. */
  lyric_version: string;
  /** A CUE sheet's track number; null for a song that is a whole file. */
  cue_track: number | null;
  /** A CUE track's span of the file; `end_ms` null: to the file's end. */
  start_ms: number | null;
  end_ms: number | null;
  /** The song's own cover beside it (`<song base>.jpg`), '' when none. */
  cover_file: Generated<string>;
  /** Version of its `songs.json` entry and own cover: a change reads the song again. */
  meta_version: Generated<string>;
}
