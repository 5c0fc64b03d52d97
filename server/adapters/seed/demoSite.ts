import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ArticleDraft } from '../../domain/content/article';
import { parseDate } from '../../domain/content/frontMatter';
import type { Clock } from '../../ports/clock';
import type { MediaStore } from '../../ports/mediaStore';
import type { DialectName } from '../db/connect';
import { KyselyArticleRepository } from '../db/content/articleRepository';
import { KyselyContentRepository } from '../db/content/contentRepository';
import { KyselyMessageRepository } from '../db/content/messageRepository';
import type { Database } from '../db/schema';
import { KyselySiteRepository } from '../db/siteRepository';
import { isUniqueViolation } from '../db/uniqueViolation';
import { findMarkdownFiles, MarkdownImporter } from '../import/markdownImporter';

export interface DemoSiteFile {
  site: {
    name: string;
    author: string;
    avatar: string;
    motto: string;
    typedMottos: string[];
    notice: string;
    /** The footer's copyright line; absent: the default. */
    copyright?: string;
    filingNumber: string;
    since: string;
  };
  pageHeaders: { route: string; image: string }[];
  albums: { name: string; description: string; cover: string; photos: { image: string; description: string }[] }[];
  talks: { content: string; images: string[]; top?: boolean; createdAt: string }[];
  links: { name: string; description: string; avatar: string; url: string }[];
  resources: { side: 'front' | 'back'; kind: string; name: string; description: string; url: string; cover: string }[];
  sites: { kind: string; name: string; description: string; url: string; icon: string }[];
  messages: {
    nickname: string;
    content: string;
    color: string | null;
    backgroundImage: string | null;
    likes: number;
    createdAt: string;
  }[];
}

export async function readDemoSite(contentDir: string): Promise<DemoSiteFile> {
  return JSON.parse(await fs.readFile(path.join(contentDir, 'site.json'), 'utf8')) as DemoSiteFile;
}

const DEMO_MARKER = 'demo';

/**
 * Seeds a fresh database with the demo site: configuration, page headers, the posts (through the
 * Markdown importer), albums, talks, links, resources, sites and messages. A database that already has
 * articles (imported before the first start) gets only the site configuration and page headers. Media are copied first
 * (content-addressed, so copying twice is harmless); then every row is written in one transaction that
 * begins by claiming the seed marker. Two instances starting together: one claims it and seeds, the
 * other fails to claim it and leaves the database alone. Returns whether this call seeded.
 */
export async function seedDemoContent(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  contentDir: string;
  media: MediaStore;
  clock: Clock;
}): Promise<boolean> {
  const { db, dialect, media, contentDir } = deps;
  if (await db.selectFrom('seed_marker').select('name').where('name', '=', DEMO_MARKER).executeTakeFirst()) return false;

  const demo = await readDemoSite(contentDir);
  const sizes = await readPictureSizes(contentDir);
  const copies = new Map<string, Promise<string>>();
  const copy = (relative: string): Promise<string> => {
    let url = copies.get(relative);
    if (!url) {
      url = media.importFile(path.join(contentDir, relative));
      copies.set(relative, url);
    }
    return url;
  };
  const optionalCopy = (relative: string | null | undefined) => (relative ? copy(relative) : Promise.resolve(''));

  const importer = new MarkdownImporter({ articles: new KyselyArticleRepository(db, dialect), media });
  const posts: ArticleDraft[] = [];
  for (const file of await findMarkdownFiles([path.join(contentDir, 'posts')], { root: contentDir })) posts.push(await importer.prepare(file));

  const now = deps.clock.now().toISOString();
  const site = { ...demo.site, copyright: demo.site.copyright ?? '', avatar: await copy(demo.site.avatar), updatedAt: now };
  const headers = await Promise.all(demo.pageHeaders.map(async (h) => ({ route: h.route, image: await copy(h.image) })));
  const albums = await Promise.all(
    demo.albums.map(async (album) => ({
      name: album.name,
      description: album.description,
      cover: await copy(album.cover),
      createdAt: now,
      photos: await Promise.all(
        album.photos.map(async (photo) => ({
          url: await copy(photo.image),
          description: photo.description,
          ...(await dimensions(path.join(contentDir, photo.image), sizes)),
        })),
      ),
    })),
  );
  const talks = await Promise.all(
    demo.talks.map(async (talk) => ({
      content: talk.content,
      images: await Promise.all(talk.images.map(copy)),
      pinned: talk.top === true,
      likes: 0,
      createdAt: parseDate(talk.createdAt, 'createdAt'),
    })),
  );
  const links = await Promise.all(
    demo.links.map(async (link) => ({
      name: link.name,
      description: link.description,
      url: link.url,
      avatar: await optionalCopy(link.avatar),
      status: 'approved' as const,
      userId: null,
      createdAt: now,
    })),
  );
  const resources = await Promise.all(demo.resources.map(async (r) => ({ ...r, cover: await optionalCopy(r.cover) })));
  const sites = await Promise.all(demo.sites.map(async (s) => ({ ...s, icon: await optionalCopy(s.icon) })));
  const messages = await Promise.all(
    demo.messages.map(async (m) => ({
      content: m.content,
      color: m.color ?? '',
      bgImage: await optionalCopy(m.backgroundImage),
      userId: null,
      nickName: m.nickname,
      avatar: '',
      likes: m.likes,
      createdAt: parseDate(m.createdAt, 'createdAt'),
    })),
  );

  try {
    return await db.transaction().execute(async (trx) => {
      await trx.insertInto('seed_marker').values({ name: DEMO_MARKER, created_at: now }).execute();
      const siteRepository = new KyselySiteRepository(trx);
      // A site configured before seeding existed is someone's real site: claim the marker, touch nothing.
      if (await siteRepository.getConfig()) return false;
      await siteRepository.saveConfig(site);
      for (const header of headers) await siteRepository.savePageHeader(header);
      // Posts imported before the first start are the blogger's own: the demo content stays out.
      if (await trx.selectFrom('article').select('id').limit(1).executeTakeFirst()) return true;
      const articles = new KyselyArticleRepository(trx, dialect);
      for (const post of posts) await articles.upsert(post);
      const content = new KyselyContentRepository(trx);
      for (const { photos, ...album } of albums) {
        const albumId = await content.addAlbum(album);
        for (const photo of photos) await content.addPhoto(albumId, photo);
      }
      for (const talk of talks) await content.addTalk(talk);
      for (const link of links) await content.addLink(link);
      for (const resource of resources) await content.addResource(resource);
      for (const entry of sites) await content.addSite(entry);
      const board = new KyselyMessageRepository(trx);
      for (const message of messages) await board.add(message);
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false; // another instance claimed the marker first
    throw error;
  }
}

type PictureSizes = Record<string, { width: number; height: number }>;

/** The generator's list of the demo pictures' sizes (content/demo/images/sizes.json), or none. */
async function readPictureSizes(contentDir: string): Promise<PictureSizes> {
  return fs.readFile(path.join(contentDir, 'images', 'sizes.json'), 'utf8').then(
    (text) => JSON.parse(text) as PictureSizes,
    () => ({}),
  );
}

/**
 * A picture's size: from the generator's list for the demo's own, so a fresh site's start does not load
 * libvips (about 20 MB of resident memory, its threads' included) to read them.
 */
async function dimensions(file: string, sizes: PictureSizes): Promise<{ width: number; height: number }> {
  const listed = sizes[path.basename(file)];
  if (listed) return listed;
  const { default: sharp } = await import('sharp');
  const meta = await sharp(file).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
