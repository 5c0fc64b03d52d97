import type { Kysely } from 'kysely';
import * as zhCN from '../../../src/i18n/zh-CN';
import { AppError } from '../../domain/errors';
import type { MediaReferenceSource } from '../../ports/mediaReferences';
import type { Database } from './schema';

/** Rows read at once from one table. */
const BATCH_ROWS = 500;

type Column<T extends keyof Database> = keyof Database[T] & string;

/** The text columns of a table that may hold a media URL, and the unique column its rows are paged by. */
interface Scanned<T extends keyof Database> {
  key: Column<T>;
  columns: readonly Column<T>[];
}

/**
 * Every table of the site, and where in it a media URL may be stored. A table added to the schema but not here
 * fails to compile: whoever adds one decides whether it can refer to media (a picture it names but this list
 * misses would be deleted by the clean-up). `null`: the table holds no media URL.
 * Free text is scanned whole (Markdown, HTML, JSON arrays, descriptions), wherever a picture may be pasted.
 */
export const MEDIA_REFERENCE_COLUMNS: { readonly [T in keyof Database]: Scanned<T> | null } = {
  // Settings: the avatar, banners per page, the notice and mottos (Markdown).
  site_config: { key: 'id', columns: ['avatar', 'motto', 'typed_mottos', 'notice', 'copyright', 'name', 'author'] },
  page_header: { key: 'id', columns: ['image'] },
  user_account: { key: 'id', columns: ['avatar'] },
  // A notice quotes what it is about (a comment, a talk): what a reader is shown keeps its pictures.
  notification: { key: 'id', columns: ['message'] },
  // Articles in every state (public, hidden, draft, scheduled, in the recycle bin) and every kept revision.
  article: { key: 'id', columns: ['cover', 'summary'] },
  article_body: { key: 'article_id', columns: ['content'] },
  article_revision: { key: 'id', columns: ['content', 'summary'] },
  album: { key: 'id', columns: ['cover', 'description'] },
  photo: { key: 'id', columns: ['url', 'description'] },
  talk: { key: 'id', columns: ['content', 'images'] },
  friend_link: { key: 'id', columns: ['avatar', 'url', 'description'] },
  resource: { key: 'id', columns: ['cover', 'url', 'description'] },
  site_entry: { key: 'id', columns: ['icon', 'url', 'description'] },
  board_message: { key: 'id', columns: ['content', 'bg_image', 'avatar'] },
  message_reply: { key: 'id', columns: ['content'] },
  comment: { key: 'id', columns: ['content', 'html'] },
  // A chat picture's message is its URL; a reverted one is blanked (its picture may go).
  chat_message: { key: 'id', columns: ['content'] },
  // Accounts' secrets, sessions, throttles and challenges: no URL.
  user_session: null,
  user_two_step: null,
  user_recovery_code: null,
  login_challenge: null,
  user_device: null,
  sign_in_alert: null,
  user_passkey: null,
  webauthn_challenge: null,
  login_attempt: null,
  registration_attempt: null,
  // Names, links between rows, likes and counters.
  category: null,
  tag: null,
  article_tag: null,
  board_message_like: null,
  comment_like: null,
  talk_like: null,
  chat_clear: null,
  chat_ban: null,
  comment_settings: null,
  seed_marker: null,
  // Addresses of the old blog, not of this site's media.
  article_old_address: null,
  // The music library's covers are files of the library (MUSIC_DIR or the bucket's `music/`), not media.
  music_playlist: null,
  music_song: null,
  // Bookkeeping and the administrator's log: a log line naming a picture must not keep it for ever.
  backup_run: null,
  media_sweep_run: null,
  audit_log: null,
};

/** The texts of MEDIA_REFERENCE_COLUMNS, read table by table in pages of BATCH_ROWS rows (keyset paging). */
export class KyselyMediaReferences implements MediaReferenceSource {
  constructor(private readonly db: Kysely<Database>) {}

  async *texts(): AsyncIterable<string[]> {
    // A database that holds no site (DATABASE_URL forgotten, a new SQLite file made by the command) refers to
    // nothing: sweeping against it would delete every object.
    const settings = await this.db.selectFrom('site_config').select('id').limit(1).executeTakeFirst();
    if (!settings) throw new AppError('conflict', zhCN.backup.gcNoSite);
    // The table and column names come from the typed list above; Kysely cannot type a query over a union of tables.
    const db = this.db as unknown as Kysely<Record<string, Record<string, string | number | null>>>;
    for (const [table, scanned] of Object.entries(MEDIA_REFERENCE_COLUMNS)) {
      if (!scanned) continue;
      let after: string | number | null = null;
      for (;;) {
        let query = db
          .selectFrom(table)
          .select([scanned.key, ...scanned.columns])
          .orderBy(scanned.key)
          .limit(BATCH_ROWS);
        if (after !== null) query = query.where(scanned.key, '>', after);
        const rows = await query.execute();
        const texts: string[] = [];
        for (const row of rows) for (const column of scanned.columns) if (typeof row[column] === 'string' && row[column]) texts.push(row[column]);
        yield texts;
        if (rows.length < BATCH_ROWS) break;
        after = rows.at(-1)![scanned.key] ?? null;
      }
    }
  }
}
