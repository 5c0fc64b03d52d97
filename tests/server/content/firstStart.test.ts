import { describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { CLIENT_ROUTES } from '../../../src/protocol/routes';
import { createServer } from '../../../server/main';
import { testHasher } from '../accounts/support';
import { sharedData } from '../cache/support';
import { backends } from '../support/databases';

/*
 * A blogger who brings their own content starts with SEED_DEMO=false: the site's settings exist at once with
 * the product's defaults, every list is empty rather than an error, and a later start changes nothing.
 */

const routesWithBanners = CLIENT_ROUTES.filter((route) => !['/', '/message/chat'].includes(route));

describe.each(await backends())('the first start without the demo on $name', (backend) => {
  it.skipIf(backend.skipReason !== undefined)('creates the settings with SITE_NAME and the bundled defaults, once, and serves empty lists', async () => {
    const data = await sharedData(backend.name, { SEED_DEMO: 'false', SITE_NAME: '算法笔记' });
    try {
      const first = await createServer(data.config, { passwordHasher: testHasher, announce: () => undefined });
      const get = async (url: string) => (await first.app.inject({ method: 'GET', url })).json();
      const config = await get('/api/config');
      expect(config.code).toBe(0);
      expect(config.result).toMatchObject({
        name: '算法笔记',
        author: zhCN.site.defaults.author,
        motto: zhCN.site.defaults.motto,
        typedMottos: zhCN.site.defaults.typedMottos,
        notice: zhCN.site.defaults.notice,
        filingNumber: '',
        viewCount: 0,
      });
      expect(config.result.avatar).toMatch(/^\/media\/\w+\.webp$/);
      expect((await first.app.inject({ method: 'GET', url: config.result.avatar })).statusCode).toBe(200);
      const headers = (await get('/api/pageHeader/getAll')).result as { route: string; image: string }[];
      // Every page has its banner, so no page header is empty.
      expect(headers.map((header) => header.route).sort()).toEqual([...routesWithBanners].sort());
      for (const url of ['/api/article/blogHomeGetArticleList/1/10', '/api/article/blogTimelineGetArticleList/1/10']) {
        expect((await get(url)).result).toMatchObject({ list: [], total: 0 });
      }
      for (const url of ['/api/category/getAll', '/api/tag/getAll', '/api/photoAlbum/getAll', '/api/article/getHotArticle']) {
        expect(await get(url)).toMatchObject({ code: 0, result: [] });
      }
      await first.close();

      // A later start, with another name in the environment, leaves the settings as they are.
      const again = await createServer({ ...data.config, siteName: '另一个名字' }, { passwordHasher: testHasher, announce: () => undefined });
      const later = (await again.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(later.result).toMatchObject({ name: '算法笔记', avatar: config.result.avatar, since: config.result.since });
      await again.close();
    } finally {
      await data.dispose();
    }
  }, 60_000);
});
