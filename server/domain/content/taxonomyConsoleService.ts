import { SITE_LIMITS } from '../../../src/domain/console/site/siteLimits';
import type { TaxonomyDto, TaxonomyItemDto, TaxonomyKind } from '../../../src/protocol/console/site';
import type { Clock } from '../../ports/clock';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import type { TaxonomyRepository } from '../../ports/taxonomyRepository';
import { AppError } from '../errors';
import { checkedText, siteConsoleMessages as text } from '../site/consoleFields';
import { parseId } from './input';
import { contentMessages } from './messages';

/** What each kind is called in a message. */
const WORDS = {
  categories: {
    what: contentMessages.category,
    field: text.field.categoryName,
    notFound: contentMessages.categoryNotFound,
    taken: text.categoryTaken,
  },
  tags: { what: contentMessages.tag, field: text.field.tagName, notFound: contentMessages.tagNotFound, taken: text.tagTaken },
} as const;

/**
 * 分类与标签 in the console: every category and tag with its articles counted; create, rename, merge and
 * delete. Names are unique within their kind. Each change shows at once wherever articles show them (lists,
 * the taxonomy pages, article pages, facts).
 */
export class TaxonomyConsoleService {
  constructor(
    private readonly taxonomy: TaxonomyRepository,
    private readonly clock: Clock,
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async all(): Promise<TaxonomyDto> {
    const [categories, tags] = await Promise.all([this.taxonomy.list('categories'), this.taxonomy.list('tags')]);
    return { categories, tags };
  }

  async create(kind: TaxonomyKind, rawName: string): Promise<TaxonomyItemDto> {
    const name = this.nameOf(kind, rawName);
    const id = await this.taxonomy.create(kind, name, this.clock.now().toISOString());
    if (id === undefined) throw new AppError('conflict', WORDS[kind].taken(name));
    return { id, name, articleCount: 0 };
  }

  async rename(kind: TaxonomyKind, rawId: string, rawName: string): Promise<TaxonomyItemDto> {
    const item = await this.existing(kind, rawId);
    const name = this.nameOf(kind, rawName);
    if (!(await this.taxonomy.rename(kind, item.id, name))) throw new AppError('conflict', WORDS[kind].taken(name));
    this.changes.changed(['articles']);
    return { ...item, name };
  }

  /** Moves the articles of one into another and removes the first; answers the one kept, recounted. */
  async merge(kind: TaxonomyKind, rawId: string, into: number): Promise<TaxonomyItemDto> {
    const from = await this.existing(kind, rawId);
    const target = await this.existing(kind, into);
    if (target.id === from.id) throw new AppError('invalid', text.mergeIntoItself);
    await this.taxonomy.merge(kind, from.id, target.id);
    this.changes.changed(['articles']);
    return (await this.taxonomy.find(kind, target.id)) ?? target;
  }

  async remove(kind: TaxonomyKind, rawId: string): Promise<void> {
    const item = await this.existing(kind, rawId);
    await this.taxonomy.remove(kind, item.id);
    this.changes.changed(['articles']);
  }

  private nameOf(kind: TaxonomyKind, raw: string): string {
    return checkedText(raw, WORDS[kind].field, SITE_LIMITS.taxonomyName, true);
  }

  private async existing(kind: TaxonomyKind, rawId: string | number): Promise<TaxonomyItemDto> {
    const item = await this.taxonomy.find(kind, parseId(rawId, WORDS[kind].what));
    if (!item) throw new AppError('notFound', WORDS[kind].notFound);
    return item;
  }
}
