import { sql, type Kysely } from 'kysely';
import { ADMIN_ROLE } from '../../domain/accounts/currentUser';
import { normaliseOldAddress } from '../../domain/content/oldAddress';
import type { AdministratorRef, CommentImportStore, ImportedBoardPost, ImportingAdministrator } from '../../ports/commentImportStore';
import type { OldAddressRepository } from '../../ports/oldAddressRepository';
import { KyselyOldAddressRepository } from './content/oldAddressRepository';
import type { Database } from './schema';

/** A path's parts, lower-cased, without `.html`/`.md`: how an old address and a source key are compared. */
const partsOf = (path: string) =>
  path
    .replace(/\.(html?|md|markdown)$/i, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());

/**
 * Where imported comments go. An old address is matched to an article by the old addresses its import
 * remembered (permalinks, `/?p=ID`, Hexo and Hugo paths: see domain/content/postAddresses.ts), else by our
 * own address (`/article?id=7`), else by the import's source key (a Markdown post's slug or path): the key
 * equal to the address's path, else the one article whose key ends the path or whose last part the path ends with.
 */
export class KyselyCommentImportStore implements CommentImportStore {
  private keys: Promise<{ id: number; parts: string[] }[]> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly oldAddresses: OldAddressRepository = new KyselyOldAddressRepository(db),
  ) {}

  async administrator(who?: AdministratorRef): Promise<ImportingAdministrator | undefined> {
    let query = this.db.selectFrom('user_account').select(['id', 'nick_name', 'email']).where('role', '=', ADMIN_ROLE);
    if (who && 'username' in who) query = query.where('username', '=', who.username);
    else if (who) query = query.where('id', '=', who.id);
    const row = await query.orderBy('id').executeTakeFirst();
    return row && { id: Number(row.id), nickName: row.nick_name, email: row.email.toLowerCase() };
  }

  async articleAt(address: string): Promise<number | undefined> {
    const remembered = await this.oldAddresses.findArticleIdByOldAddress(address);
    if (remembered !== undefined) return remembered;
    const own = /^\/article(?:\/|\?(?:.*&)?id=)(\d+)/.exec(address.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''));
    if (own) return this.existing(Number(own[1]));
    const wanted = partsOf(normaliseOldAddress(address) ?? '');
    if (wanted.length === 0) return undefined;
    const keys = await (this.keys ??= this.sourceKeys());
    const same = keys.find((key) => key.parts.join('/') === wanted.join('/'));
    if (same) return same.id;
    const endsWith = (long: string[], short: string[]) =>
      short.length > 0 && long.length >= short.length && short.every((part, i) => long[long.length - short.length + i] === part);
    const found = keys.filter((key) => endsWith(wanted, key.parts) || endsWith(key.parts, wanted));
    return found.length === 1 ? found[0]!.id : undefined;
  }

  async raiseViews(articleId: number, views: number): Promise<void> {
    await this.db
      .updateTable('article')
      .set({ views: sql<number>`case when views < ${views} then ${views} else views end` })
      .where('id', '=', articleId)
      .execute();
  }

  async addBoardPost(post: ImportedBoardPost): Promise<boolean> {
    const result = await this.db
      .insertInto('board_message')
      .values({
        content: post.content,
        color: '',
        bg_image: '',
        user_id: post.userId,
        nick_name: post.nickName,
        avatar: '',
        likes: post.likes,
        created_at: post.createdAt,
        updated_at: post.createdAt,
        hidden: post.hidden ? 1 : 0,
        import_key: post.importKey,
      })
      .onConflict((oc) => oc.column('import_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  private async existing(id: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('article').select('id').where('id', '=', id).executeTakeFirst();
    return row && Number(row.id);
  }

  /** Every article's source key, once per import (an import writes the articles before their comments). */
  private async sourceKeys(): Promise<{ id: number; parts: string[] }[]> {
    const rows = await this.db.selectFrom('article').select(['id', 'source_key']).execute();
    return rows.map((row) => ({ id: Number(row.id), parts: partsOf(row.source_key) }));
  }
}
