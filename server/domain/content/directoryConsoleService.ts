import type { ResourceSide } from '../../../src/protocol/content';
import { SITE_LIMITS } from '../../../src/domain/console/site/siteLimits';
import type {
  ConsoleLinkDto,
  ConsoleResourceDto,
  ConsoleSiteEntryDto,
  LinkBody,
  ResourceBody,
  SiteEntryBody,
} from '../../../src/protocol/console/site';
import type { Clock } from '../../ports/clock';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import type { NewResource, NewSiteEntry } from '../../ports/contentRepository';
import type { DirectoryRepository, LinkFields } from '../../ports/directoryRepository';
import { AppError } from '../errors';
import { checkedImage, checkedText, checkedWebAddress, siteConsoleMessages as text } from '../site/consoleFields';
import { parseId } from './input';
import { contentMessages } from './messages';
import type { FriendLink } from './showcase';

const field = text.field;

function checkedLink(body: LinkBody): LinkFields {
  return {
    name: checkedText(body.name, field.linkName, SITE_LIMITS.linkName, true),
    description: checkedText(body.description, field.linkDescription, SITE_LIMITS.linkDescription),
    url: checkedWebAddress(body.url, field.linkUrl, SITE_LIMITS.url),
    avatar: checkedImage(body.avatar, field.linkAvatar),
  };
}

/** What a resource and a site-list entry share: a group, a name, a line about it and its address. */
function checkedEntry(body: { kind: string; name: string; description: string; url: string }) {
  return {
    kind: checkedText(body.kind, field.kind, SITE_LIMITS.kind, true),
    name: checkedText(body.name, field.entryName, SITE_LIMITS.entryName, true),
    description: checkedText(body.description, field.entryDescription, SITE_LIMITS.entryDescription),
    url: checkedWebAddress(body.url, field.entryUrl, SITE_LIMITS.url),
  };
}

function checkedResource(body: ResourceBody): NewResource {
  return { side: body.side, ...checkedEntry(body), cover: checkedImage(body.cover, field.cover) };
}

function checkedSite(body: SiteEntryBody): NewSiteEntry {
  return { ...checkedEntry(body), icon: checkedImage(body.icon, field.icon) };
}

/**
 * 友链, 资源 and 网站导航 in the console: the review of readers' link applications, and adding, editing,
 * deleting and ordering every entry. No hot read keeps these lists; each change drops the kept pages.
 */
export class DirectoryConsoleService {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly clock: Clock,
    /** Told of every change: the pages that show these lists are kept (PAGE_TOPICS). */
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  links(): Promise<ConsoleLinkDto[]> {
    return this.directory.links();
  }

  /** The blogger's own link: shown at once, belonging to no reader. */
  async addLink(body: LinkBody): Promise<ConsoleLinkDto> {
    const fields = checkedLink(body);
    await this.refuseTakenAddress(fields.url);
    const link = { ...fields, status: 'approved' as const, userId: null, createdAt: this.clock.now().toISOString() };
    const id = await this.directory.addLink(link);
    this.changed();
    return { id, ...link };
  }

  async editLink(rawId: string, body: LinkBody): Promise<ConsoleLinkDto> {
    const link = await this.existingLink(rawId);
    const fields = checkedLink(body);
    await this.refuseTakenAddress(fields.url, link.id);
    await this.directory.updateLink(link.id, fields);
    this.changed();
    return { ...link, ...fields };
  }

  async reviewLink(rawId: string, approved: boolean): Promise<ConsoleLinkDto> {
    const link = await this.existingLink(rawId);
    const status = approved ? 'approved' : 'rejected';
    await this.directory.setLinkStatus(link.id, status);
    this.changed();
    return { ...link, status };
  }

  async removeLink(rawId: string): Promise<void> {
    await this.directory.removeLink((await this.existingLink(rawId)).id);
    this.changed();
  }

  resources(side: ResourceSide): Promise<ConsoleResourceDto[]> {
    return this.directory.resources(side);
  }

  async addResource(body: ResourceBody): Promise<ConsoleResourceDto> {
    const resource = checkedResource(body);
    const id = await this.directory.addResource(resource);
    this.changed();
    return { id, ...resource };
  }

  async editResource(rawId: string, body: ResourceBody): Promise<ConsoleResourceDto> {
    const id = parseId(rawId, text.resource);
    if (!(await this.directory.findResource(id))) throw new AppError('notFound', text.resourceNotFound);
    const resource = checkedResource(body);
    await this.directory.updateResource(id, resource);
    this.changed();
    return { id, ...resource };
  }

  async removeResource(rawId: string): Promise<void> {
    const id = parseId(rawId, text.resource);
    if (!(await this.directory.findResource(id))) throw new AppError('notFound', text.resourceNotFound);
    await this.directory.removeResource(id);
    this.changed();
  }

  /** `ids`: every resource of the side, in the new order (a list changed meanwhile is refused, not guessed at). */
  async orderResources(side: ResourceSide, ids: readonly number[]): Promise<ConsoleResourceDto[]> {
    if (!(await this.directory.orderResources(side, ids))) throw new AppError('conflict', text.orderStale);
    this.changed();
    return this.directory.resources(side);
  }

  sites(): Promise<ConsoleSiteEntryDto[]> {
    return this.directory.sites();
  }

  async addSite(body: SiteEntryBody): Promise<ConsoleSiteEntryDto> {
    const site = checkedSite(body);
    const id = await this.directory.addSite(site);
    this.changed();
    return { id, ...site };
  }

  async editSite(rawId: string, body: SiteEntryBody): Promise<ConsoleSiteEntryDto> {
    const id = parseId(rawId, text.siteEntry);
    if (!(await this.directory.findSite(id))) throw new AppError('notFound', text.siteEntryNotFound);
    const site = checkedSite(body);
    await this.directory.updateSite(id, site);
    this.changed();
    return { id, ...site };
  }

  async removeSite(rawId: string): Promise<void> {
    const id = parseId(rawId, text.siteEntry);
    if (!(await this.directory.findSite(id))) throw new AppError('notFound', text.siteEntryNotFound);
    await this.directory.removeSite(id);
    this.changed();
  }

  async orderSites(ids: readonly number[]): Promise<ConsoleSiteEntryDto[]> {
    if (!(await this.directory.orderSites(ids))) throw new AppError('conflict', text.orderStale);
    this.changed();
    return this.directory.sites();
  }

  private changed(): void {
    this.changes.changed(['directory']);
  }

  private async existingLink(rawId: string): Promise<FriendLink> {
    const link = await this.directory.findLink(parseId(rawId, contentMessages.link));
    if (!link) throw new AppError('notFound', contentMessages.linkNotFound);
    return link;
  }

  /** One link per site: another link to the address (not a rejected application) refuses this one. */
  private async refuseTakenAddress(url: string, self?: number): Promise<void> {
    if ((await this.directory.linksTo(url)).some((id) => id !== self)) throw new AppError('conflict', text.linkTaken);
  }
}
