import type { Kysely } from 'kysely';
import type { ResourceSide } from '../../../../src/protocol/content';
import type { FriendLink, Resource, SiteEntry } from '../../../domain/content/showcase';
import type { NewFriendLink, NewResource, NewSiteEntry } from '../../../ports/contentRepository';
import type { DirectoryRepository, LinkFields } from '../../../ports/directoryRepository';
import type { Database } from '../schema';
import { insertLink, orderedResources, orderedSites, toLink, toResource, toSite } from './directoryRows';

/** True when `ids` name each of `current` exactly once. */
function isArrangementOf(ids: readonly number[], current: readonly number[]): boolean {
  const wanted = new Set(ids);
  return wanted.size === ids.length && ids.length === current.length && current.every((id) => wanted.has(id));
}

export class KyselyDirectoryRepository implements DirectoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async links(): Promise<FriendLink[]> {
    const rows = await this.db.selectFrom('friend_link').selectAll().orderBy('id', 'desc').execute();
    return rows.map(toLink);
  }

  async findLink(id: number): Promise<FriendLink | undefined> {
    const row = await this.db.selectFrom('friend_link').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toLink(row);
  }

  async linksTo(url: string): Promise<number[]> {
    const rows = await this.db.selectFrom('friend_link').select('id').where('url', '=', url).where('status', '<>', 'rejected').execute();
    return rows.map((row) => row.id);
  }

  addLink(link: NewFriendLink): Promise<number> {
    return insertLink(this.db, link);
  }

  async updateLink(id: number, fields: LinkFields): Promise<void> {
    await this.db.updateTable('friend_link').set(fields).where('id', '=', id).execute();
  }

  async setLinkStatus(id: number, status: FriendLink['status']): Promise<void> {
    await this.db.updateTable('friend_link').set({ status }).where('id', '=', id).execute();
  }

  async removeLink(id: number): Promise<void> {
    await this.db.deleteFrom('friend_link').where('id', '=', id).execute();
  }

  resources(side: ResourceSide): Promise<Resource[]> {
    return orderedResources(this.db, side);
  }

  async findResource(id: number): Promise<Resource | undefined> {
    const row = await this.db.selectFrom('resource').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toResource(row);
  }

  async addResource(resource: NewResource): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const position = await nextResourcePosition(trx, resource.side);
      const row = await trx.insertInto('resource').values({ ...resource, position }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async updateResource(id: number, resource: NewResource): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('resource').select('side').where('id', '=', id).executeTakeFirst();
      const moved = before !== undefined && before.side !== resource.side;
      const position = moved ? { position: await nextResourcePosition(trx, resource.side) } : {};
      await trx
        .updateTable('resource')
        .set({ ...resource, ...position })
        .where('id', '=', id)
        .execute();
    });
  }

  async removeResource(id: number): Promise<void> {
    await this.db.deleteFrom('resource').where('id', '=', id).execute();
  }

  async orderResources(side: ResourceSide, ids: readonly number[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('resource').select('id').where('side', '=', side).execute();
      if (!isArrangementOf(ids, current.map((row) => row.id))) return false;
      for (const [position, id] of ids.entries()) await trx.updateTable('resource').set({ position }).where('id', '=', id).execute();
      return true;
    });
  }

  sites(): Promise<SiteEntry[]> {
    return orderedSites(this.db);
  }

  async findSite(id: number): Promise<SiteEntry | undefined> {
    const row = await this.db.selectFrom('site_entry').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toSite(row);
  }

  async addSite(site: NewSiteEntry): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const last = await trx.selectFrom('site_entry').select((eb) => eb.fn.max('position').as('position')).executeTakeFirst();
      const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      const row = await trx.insertInto('site_entry').values({ ...site, position }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async updateSite(id: number, site: NewSiteEntry): Promise<void> {
    await this.db.updateTable('site_entry').set(site).where('id', '=', id).execute();
  }

  async removeSite(id: number): Promise<void> {
    await this.db.deleteFrom('site_entry').where('id', '=', id).execute();
  }

  async orderSites(ids: readonly number[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('site_entry').select('id').execute();
      if (!isArrangementOf(ids, current.map((row) => row.id))) return false;
      for (const [position, id] of ids.entries()) await trx.updateTable('site_entry').set({ position }).where('id', '=', id).execute();
      return true;
    });
  }
}

/** One past the last position of a side: a new or moved resource goes last. */
async function nextResourcePosition(db: Kysely<Database>, side: ResourceSide): Promise<number> {
  const last = await db
    .selectFrom('resource')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('side', '=', side)
    .executeTakeFirst();
  return last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
}
