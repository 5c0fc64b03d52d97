import { articlePath } from '../../../src/protocol/routes';
import type { OldAddressRepository } from '../../ports/oldAddressRepository';
import type { NamedRef } from './article';

/** Feed addresses of WordPress, Hexo and Hugo: readers' feed readers still ask them. */
const OLD_FEEDS = new Set(['/feed', '/feed/rss2', '/feed/atom', '/atom.xml', '/index.xml']);
const TAXONOMY = /^\/(tag|tags|category|categories)(?:\/(.+))?$/;

/** Names compared as old blogs write them in addresses: any case, a space as a hyphen. */
const slugOf = (name: string) => name.trim().toLowerCase().replace(/[\s_]+/g, '-');

/**
 * Where an address of the old blog lives now (issue 49): an imported article's old address, a WordPress
 * `/?p=ID`, an old feed, an old tag or category page. Asked only for what would otherwise be a 404 (and for
 * `/` with a WordPress query), so the site's own pages never pay for it.
 */
export class OldLinks {
  constructor(
    private readonly addresses: Pick<OldAddressRepository, 'findArticleIdByOldAddress'>,
    private readonly taxonomy: { categories(): Promise<NamedRef[]>; tags(): Promise<NamedRef[]> },
  ) {}

  /** The address to answer with a permanent redirect, or undefined when the path is not an old one. */
  async redirectFor(path: string, query = ''): Promise<string | undefined> {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (OLD_FEEDS.has(trimmed)) return '/rss.xml';
    const taxonomy = TAXONOMY.exec(trimmed);
    if (taxonomy) return this.taxonomyPage(taxonomy[1]!.startsWith('tag') ? 'tag' : 'category', taxonomy[2]);
    const id = await this.addresses.findArticleIdByOldAddress(query === '' ? path : `${path}?${query}`, { publicOnly: true });
    return id === undefined ? undefined : articlePath(id);
  }

  /** `/tag/x/` → that tag's list when we have it, else the tag wall; nested categories name the last. */
  private async taxonomyPage(kind: 'tag' | 'category', rawName: string | undefined): Promise<string> {
    const wall = `/${kind}`;
    const last = rawName?.split('/').filter(Boolean).pop();
    if (last === undefined) return wall;
    let name: string;
    try {
      name = decodeURIComponent(last);
    } catch {
      return wall;
    }
    const named = (kind === 'tag' ? await this.taxonomy.tags() : await this.taxonomy.categories()).find(
      (entry) => slugOf(entry.name) === slugOf(name),
    );
    if (!named) return wall;
    return `/articleList?${kind === 'tag' ? 'tagId' : 'categoryId'}=${named.id}`;
  }
}
