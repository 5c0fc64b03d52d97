import { PAGE_HEADER_ROUTES } from '../../../src/protocol/console/site';
import type { Clock } from '../../ports/clock';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import type { SiteRepository } from '../../ports/siteRepository';
import { AppError } from '../errors';
import { messages } from '../messages';
import { checkedImage, siteConsoleMessages as text } from './consoleFields';
import type { PageHeader } from './site';
import { checkSiteSettings, type SiteSettings } from './siteSettings';

/** 网站设置 in the console: the site's name, author card, notice, footer lines and page banners. */
export class SiteConsoleService {
  constructor(
    private readonly sites: SiteRepository,
    private readonly clock: Clock,
    /** Told of every change: /api/config, the page headers and every rendered page show it at once. */
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async settings(): Promise<SiteSettings> {
    const config = await this.sites.getConfig();
    if (!config) throw new AppError('notFound', messages.siteNotConfigured);
    const { viewCount: _viewCount, updatedAt: _updatedAt, ...settings } = config;
    return settings;
  }

  async saveSettings(input: SiteSettings): Promise<SiteSettings> {
    const settings = checkSiteSettings(input);
    await this.sites.saveConfig({ ...settings, updatedAt: this.clock.now().toISOString() });
    this.changes.changed(['site']);
    return settings;
  }

  /** One banner slot per page that shows one, in the site's order; '' where the page has none. */
  async pageHeaders(): Promise<PageHeader[]> {
    const stored = new Map((await this.sites.listPageHeaders()).map((header) => [header.route, header.image]));
    return PAGE_HEADER_ROUTES.map((route) => ({ route, image: stored.get(route) ?? '' }));
  }

  /** Sets a page's banner; '' removes it (the page shows its plain band). */
  async setPageHeader(input: PageHeader): Promise<PageHeader> {
    const route = input.route.trim();
    if (!(PAGE_HEADER_ROUTES as readonly string[]).includes(route)) throw new AppError('invalid', text.unknownRoute);
    const image = checkedImage(input.image, text.field.banner);
    if (image === '') await this.sites.removePageHeader(route);
    else await this.sites.savePageHeader({ route, image });
    this.changes.changed(['pageHeaders']);
    return { route, image };
  }
}
