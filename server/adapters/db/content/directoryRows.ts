import type { Kysely, Selectable } from 'kysely';
import type { ResourceSide } from '../../../../src/protocol/content';
import type { FriendLink, Resource, SiteEntry } from '../../../domain/content/showcase';
import type { NewFriendLink } from '../../../ports/contentRepository';
import type { Database, FriendLinkTable, ResourceTable, SiteEntryTable } from '../schema';

/* The friend links, resources and site list as both the reader's repository and the console's read them. */

export const toLink = (row: Selectable<FriendLinkTable>): FriendLink => ({
  id: row.id,
  name: row.name,
  description: row.description,
  url: row.url,
  avatar: row.avatar,
  status: row.status as FriendLink['status'],
  userId: row.user_id,
  createdAt: row.created_at,
});

export const toResource = ({ position: _position, ...row }: Selectable<ResourceTable>): Resource => ({ ...row, side: row.side as ResourceSide });
export const toSite = ({ position: _position, ...row }: Selectable<SiteEntryTable>): SiteEntry => row;

/** One side's resources in the blogger's order. */
export async function orderedResources(db: Kysely<Database>, side: ResourceSide): Promise<Resource[]> {
  const rows = await db.selectFrom('resource').selectAll().where('side', '=', side).orderBy('position').orderBy('id').execute();
  return rows.map(toResource);
}

/** The site list in the blogger's order. */
export async function orderedSites(db: Kysely<Database>): Promise<SiteEntry[]> {
  const rows = await db.selectFrom('site_entry').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(toSite);
}

/** Stores a friend link; its id. */
export async function insertLink(db: Kysely<Database>, link: NewFriendLink): Promise<number> {
  const row = await db
    .insertInto('friend_link')
    .values({
      name: link.name,
      description: link.description,
      url: link.url,
      avatar: link.avatar,
      status: link.status,
      user_id: link.userId,
      created_at: link.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
