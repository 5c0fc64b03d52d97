import { sql, type Kysely, type Selectable } from 'kysely';
import type { ResourceSide } from '../../../../src/protocol/content';
import type { Album, FriendLink, Photo, Resource, SiteEntry, Talk } from '../../../domain/content/showcase';
import type {
  ContentRepository,
  NewAlbum,
  NewFriendLink,
  NewPhoto,
  NewResource,
  NewSiteEntry,
  NewTalk,
} from '../../../ports/contentRepository';
import type { Database, TalkTable } from '../schema';
import { insertLink, orderedResources, orderedSites, toLink } from './directoryRows';

export const toTalk = (row: Selectable<TalkTable>): Talk => ({
  id: row.id,
  content: row.content,
  images: JSON.parse(row.images) as string[],
  pinned: row.pinned === 1,
  likes: Number(row.likes),
  comment_count: Number(row.comment_count),
  createdAt: row.created_at,
});

export class KyselyContentRepository implements ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async albums(): Promise<Album[]> {
    const rows = await albumQuery(this.db).orderBy('al.position').orderBy('al.id').execute();
    return rows.map(toAlbum);
  }

  async findAlbum(id: number): Promise<Album | undefined> {
    const row = await albumQuery(this.db).where('al.id', '=', id).executeTakeFirst();
    return row && toAlbum(row);
  }

  async photos(albumId: number, offset: number, limit: number): Promise<{ items: Photo[]; total: number }> {
    const base = this.db.selectFrom('photo').where('album_id', '=', albumId);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    const rows = await base
      .select(['id', 'url', 'description', 'width', 'height'])
      .orderBy('position')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      items: rows.map((r) => ({ ...r, width: Number(r.width), height: Number(r.height) })),
      total: Number(counted?.total ?? 0),
    };
  }

  async addAlbum(album: NewAlbum): Promise<number> {
    const row = await this.db
      .insertInto('album')
      .values({ name: album.name, description: album.description, cover: album.cover, created_at: album.createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async addPhoto(albumId: number, photo: NewPhoto): Promise<number> {
    const row = await this.db
      .insertInto('photo')
      .values({ album_id: albumId, ...photo })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async talks(offset: number, limit: number): Promise<{ items: Talk[]; total: number }> {
    const shown = this.db.selectFrom('talk').where('hidden', '=', 0);
    const counted = await shown.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    const rows = await shown
      .selectAll()
      .orderBy('pinned', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { items: rows.map(toTalk), total: Number(counted?.total ?? 0) };
  }

  async findTalk(id: number): Promise<Talk | undefined> {
    const row = await this.db.selectFrom('talk').selectAll().where('id', '=', id).where('hidden', '=', 0).executeTakeFirst();
    return row && toTalk(row);
  }

  async talkCount(): Promise<number> {
    const row = await this.db
      .selectFrom('talk')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hidden', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async addTalk(talk: NewTalk): Promise<number> {
    const row = await this.db
      .insertInto('talk')
      .values({
        content: talk.content,
        images: JSON.stringify(talk.images),
        pinned: talk.pinned ? 1 : 0,
        likes: talk.likes,
        created_at: talk.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async approvedLinks(): Promise<FriendLink[]> {
    const rows = await this.db.selectFrom('friend_link').selectAll().where('status', '=', 'approved').orderBy('id').execute();
    return rows.map(toLink);
  }

  async pendingLinks(): Promise<FriendLink[]> {
    const rows = await this.db.selectFrom('friend_link').selectAll().where('status', '=', 'pending').orderBy('id').execute();
    return rows.map(toLink);
  }

  async findLink(id: number): Promise<FriendLink | undefined> {
    const row = await this.db.selectFrom('friend_link').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toLink(row);
  }

  async findLinkByUrl(url: string): Promise<FriendLink | undefined> {
    const row = await this.db
      .selectFrom('friend_link')
      .selectAll()
      .where('url', '=', url)
      .where('status', '<>', 'rejected')
      .orderBy('id')
      .executeTakeFirst();
    return row && toLink(row);
  }

  addLink(link: NewFriendLink): Promise<number> {
    return insertLink(this.db, link);
  }

  async setLinkStatus(id: number, status: FriendLink['status']): Promise<void> {
    await this.db.updateTable('friend_link').set({ status }).where('id', '=', id).execute();
  }

  resources(side: ResourceSide): Promise<Resource[]> {
    return orderedResources(this.db, side);
  }

  async addResource(resource: NewResource): Promise<number> {
    const row = await this.db.insertInto('resource').values(resource).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  sites(): Promise<SiteEntry[]> {
    return orderedSites(this.db);
  }

  async addSite(site: NewSiteEntry): Promise<number> {
    const row = await this.db.insertInto('site_entry').values(site).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
}

/**
 * Albums with their photo count and cover: the one the blogger chose, else the album's first photo, else ''.
 * Shared with the console's repository, so both show the same cover.
 */
export function albumQuery(db: Kysely<Database>) {
  return db
    .selectFrom('album as al')
    .select((eb) => [
      'al.id',
      'al.name',
      'al.description',
      sql<string>`coalesce(nullif(al.cover, ''), ${eb
        .selectFrom('photo as first')
        .select('first.url')
        .whereRef('first.album_id', '=', 'al.id')
        .orderBy('first.position')
        .orderBy('first.id')
        .limit(1)}, '')`.as('cover'),
      'al.created_at',
      eb.selectFrom('photo as p').select(eb.fn.countAll<number>().as('n')).whereRef('p.album_id', '=', 'al.id').as('photo_count'),
    ]);
}

export function toAlbum(row: { id: number; name: string; description: string; cover: string; created_at: string; photo_count: number | null }): Album {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cover: row.cover,
    photoCount: Number(row.photo_count ?? 0),
    createdAt: row.created_at,
  };
}
