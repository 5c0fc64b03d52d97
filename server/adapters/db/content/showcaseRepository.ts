import type { Kysely, Selectable } from 'kysely';
import type { Album, Photo } from '../../../domain/content/showcase';
import type {
  AlbumFields,
  ConsoleTalk,
  ShowcaseRepository,
  StoredPhoto,
  TalkText,
} from '../../../ports/showcaseRepository';
import type { Database, TalkTable } from '../schema';
import { albumQuery, toAlbum, toTalk } from './contentRepository';

const toConsoleTalk = (row: Selectable<TalkTable>): ConsoleTalk => ({ ...toTalk(row), hidden: row.hidden === 1 });

const PHOTO_COLUMNS = ['id', 'url', 'description', 'width', 'height'] as const;
const toPhoto = (row: Pick<Photo, 'id' | 'url' | 'description'> & { width: number; height: number }): Photo => ({
  ...row,
  width: Number(row.width),
  height: Number(row.height),
});

export class KyselyShowcaseRepository implements ShowcaseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async talks(offset: number, limit: number): Promise<{ items: ConsoleTalk[]; total: number }> {
    const counted = await this.db
      .selectFrom('talk')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('talk')
      .selectAll()
      .orderBy('pinned', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { items: rows.map(toConsoleTalk), total: Number(counted?.total ?? 0) };
  }

  async findTalk(id: number): Promise<ConsoleTalk | undefined> {
    const row = await this.db.selectFrom('talk').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toConsoleTalk(row);
  }

  async updateTalk(id: number, text: TalkText): Promise<void> {
    await this.db
      .updateTable('talk')
      .set({ content: text.content, images: JSON.stringify(text.images) })
      .where('id', '=', id)
      .execute();
  }

  async setTalkPinned(id: number, pinned: boolean): Promise<void> {
    await this.db
      .updateTable('talk')
      .set({ pinned: pinned ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  async setTalkHidden(id: number, hidden: boolean): Promise<void> {
    await this.db
      .updateTable('talk')
      .set({ hidden: hidden ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  async removeTalk(id: number): Promise<void> {
    await this.db.deleteFrom('talk').where('id', '=', id).execute();
  }

  async albums(): Promise<Album[]> {
    const rows = await albumQuery(this.db).orderBy('al.position').orderBy('al.id').execute();
    return rows.map(toAlbum);
  }

  async findAlbum(id: number): Promise<Album | undefined> {
    const row = await albumQuery(this.db).where('al.id', '=', id).executeTakeFirst();
    return row && toAlbum(row);
  }

  async addAlbum(album: AlbumFields & { createdAt: string }): Promise<number> {
    const row = await this.db
      .insertInto('album')
      .values((eb) => ({
        name: album.name,
        description: album.description,
        cover: '',
        created_at: album.createdAt,
        position: eb
          .selectFrom('album')
          .select(eb.fn.coalesce(eb(eb.fn.max('position'), '+', 1), eb.lit(0)).as('next')),
      }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateAlbum(id: number, fields: AlbumFields): Promise<void> {
    await this.db
      .updateTable('album')
      .set({ name: fields.name, description: fields.description })
      .where('id', '=', id)
      .execute();
  }

  async removeAlbum(id: number): Promise<void> {
    // The photos explicitly, not only through the foreign key's cascade: one transaction, whatever the
    // database's foreign-key setting.
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('photo').where('album_id', '=', id).execute();
      await trx.deleteFrom('album').where('id', '=', id).execute();
    });
  }

  async orderAlbums(ids: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [position, id] of ids.entries()) {
        await trx.updateTable('album').set({ position }).where('id', '=', id).execute();
      }
    });
  }

  async setAlbumCover(id: number, cover: string): Promise<void> {
    await this.db.updateTable('album').set({ cover }).where('id', '=', id).execute();
  }

  async photos(albumId: number): Promise<Photo[]> {
    const rows = await this.db
      .selectFrom('photo')
      .select(PHOTO_COLUMNS)
      .where('album_id', '=', albumId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(toPhoto);
  }

  async findPhoto(id: number): Promise<(Photo & { albumId: number }) | undefined> {
    const row = await this.db
      .selectFrom('photo')
      .select([...PHOTO_COLUMNS, 'album_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { album_id: albumId, ...photo } = row;
    return { ...toPhoto(photo), albumId };
  }

  async addPhoto(albumId: number, photo: StoredPhoto): Promise<number> {
    const row = await this.db
      .insertInto('photo')
      .values((eb) => ({
        album_id: albumId,
        url: photo.url,
        description: photo.description,
        width: photo.width,
        height: photo.height,
        position: eb
          .selectFrom('photo')
          .select(eb.fn.coalesce(eb(eb.fn.max('position'), '+', 1), eb.lit(0)).as('next'))
          .where('album_id', '=', albumId),
      }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setPhotoDescription(id: number, description: string): Promise<void> {
    await this.db.updateTable('photo').set({ description }).where('id', '=', id).execute();
  }

  async removePhoto(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const photo = await trx.selectFrom('photo').select(['album_id', 'url']).where('id', '=', id).executeTakeFirst();
      if (!photo) return;
      await trx.deleteFrom('photo').where('id', '=', id).execute();
      // The same picture may be in the album twice: the cover stays while one of them does.
      await trx
        .updateTable('album')
        .set({ cover: '' })
        .where('id', '=', photo.album_id)
        .where('cover', '=', photo.url)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('photo').select('id').where('album_id', '=', photo.album_id).where('url', '=', photo.url),
            ),
          ),
        )
        .execute();
    });
  }

  async orderPhotos(albumId: number, ids: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [position, id] of ids.entries()) {
        await trx.updateTable('photo').set({ position }).where('id', '=', id).where('album_id', '=', albumId).execute();
      }
    });
  }
}
