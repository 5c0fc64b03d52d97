import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStore } from '../../ports/mediaStore';
import type { SiteRepository } from '../../ports/siteRepository';
import type { Clock } from '../../ports/clock';

export interface DemoSiteFile {
  site: {
    name: string;
    author: string;
    avatar: string;
    motto: string;
    typedMottos: string[];
    notice: string;
    filingNumber: string;
    since: string;
  };
  pageHeaders: { route: string; image: string }[];
}

export async function readDemoSite(contentDir: string): Promise<DemoSiteFile> {
  return JSON.parse(await fs.readFile(path.join(contentDir, 'site.json'), 'utf8')) as DemoSiteFile;
}

/** Seeds the site facts and page headers once; a site that already has a configuration is left alone. */
export async function seedDemoSite(deps: {
  contentDir: string;
  sites: SiteRepository;
  media: MediaStore;
  clock: Clock;
}): Promise<boolean> {
  if (await deps.sites.getConfig()) return false;
  const demo = await readDemoSite(deps.contentDir);
  const media = (relative: string) => deps.media.importFile(path.join(deps.contentDir, relative));
  for (const header of demo.pageHeaders) {
    await deps.sites.savePageHeader({ route: header.route, image: await media(header.image) });
  }
  await deps.sites.saveConfig({
    ...demo.site,
    avatar: await media(demo.site.avatar),
    updatedAt: deps.clock.now().toISOString(),
  });
  return true;
}
