import path from 'node:path';
import type { Kysely } from 'kysely';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { Clock } from '../../ports/clock';
import type { MediaStore } from '../../ports/mediaStore';
import type { Database } from '../db/schema';
import { KyselySiteRepository } from '../db/siteRepository';
import { readDemoSite } from './demoSite';

/**
 * The site's settings on a start that finds none (the first start without the demo content): the name from
 * SITE_NAME or 「我的博客」, the product's own mottos, avatar and page banners (the artwork the demo content
 * bundles), and today as the date the site began. Runs after the demo seed, which brings its own; a site that
 * has settings is never touched. Returns whether it wrote them.
 */
export async function ensureSiteSettings(deps: {
  db: Kysely<Database>;
  media: MediaStore;
  clock: Clock;
  /** Where the bundled artwork is (the demo content's folder). */
  artworkDir: string;
  siteName?: string | undefined;
}): Promise<boolean> {
  const sites = new KyselySiteRepository(deps.db);
  if (await sites.getConfig()) return false;
  const artwork = await readDemoSite(deps.artworkDir);
  const copy = (relative: string) => deps.media.importFile(path.join(deps.artworkDir, relative));
  const headers = await Promise.all(artwork.pageHeaders.map(async ({ route, image }) => ({ route, image: await copy(image) })));
  const avatar = await copy(artwork.site.avatar);
  const now = deps.clock.now().toISOString();
  const text = zhCN.site.defaults;
  return deps.db.transaction().execute(async (trx) => {
    const repository = new KyselySiteRepository(trx);
    // Another instance starting at the same moment may have written them: the same values, kept once.
    if (await repository.getConfig()) return false;
    await repository.saveConfig({
      name: deps.siteName || text.name,
      author: text.author,
      avatar,
      motto: text.motto,
      typedMottos: [...text.typedMottos],
      notice: text.notice,
      copyright: '',
      filingNumber: '',
      since: now.slice(0, 10),
      updatedAt: now,
    });
    for (const header of headers) await repository.savePageHeader(header);
    return true;
  });
}
