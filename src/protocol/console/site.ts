import { Type, type Static } from 'typebox';
import { FriendLinkApplicationDto, ResourceSide } from '../content';
import { CLIENT_ROUTES } from '../routes';

/*
 * Wire contract of the console's site areas: settings, page banners, categories and tags, friend links,
 * resources and the site list. Every call is under /api/admin (administrators only: 401 for a visitor, 403
 * for a user), answers the envelope `{ code, result, message }`, and needs the X-Requested-With marker for a
 * write. Path ids are positive integers (else 400); an unknown id is a 404; a rule broken is a 400 and a
 * name already taken a 409, each with a Chinese message (catalogue section `zhCN.consoleSite.server`).
 * Images are `/media/…` addresses of uploads (`/api/upload/img`), '' for none. The longest texts are
 * SITE_LIMITS (src/domain/console/site/siteLimits.ts).
 *
 * Site settings (shown by /api/config and every page at once):
 *   GET  /api/admin/site/settings                      → SiteSettingsDto
 *   PUT  /api/admin/site/settings   body SiteSettingsDto → SiteSettingsDto
 *   GET  /api/admin/site/pageHeaders                   → PageHeaderSlotDto[] (one per PAGE_HEADER_ROUTES, in that order)
 *   PUT  /api/admin/site/pageHeaders body PageHeaderSlotDto → PageHeaderSlotDto (image '' removes the banner)
 *
 * Categories and tags (`:kind` is `categories` or `tags`):
 *   GET    /api/admin/taxonomy                          → TaxonomyDto (all of them, with every article counted)
 *   POST   /api/admin/taxonomy/:kind        body TaxonomyNameBody  → TaxonomyItemDto
 *   PUT    /api/admin/taxonomy/:kind/:id    body TaxonomyNameBody  → TaxonomyItemDto (rename)
 *   POST   /api/admin/taxonomy/:kind/:id/merge body TaxonomyMergeBody → TaxonomyItemDto (the one kept; the
 *          merged one's articles move to it, an article that had both keeps one, the merged one is gone)
 *   DELETE /api/admin/taxonomy/:kind/:id                → null (articles keep their other tags; an article
 *          whose category is deleted has none)
 *
 * Friend links (the review of readers' applications, plus the blogger's own):
 *   GET    /api/admin/links                       → FriendLinkApplicationDto[] (every status, newest first)
 *   POST   /api/admin/links        body LinkBody  → FriendLinkApplicationDto (approved at once)
 *   PUT    /api/admin/links/:id    body LinkBody  → FriendLinkApplicationDto
 *   PUT    /api/admin/links/:id/review body FriendLinkReviewBody → FriendLinkApplicationDto
 *   DELETE /api/admin/links/:id                   → null
 *
 * Resources (/resources/front, /resources/back) and the site list (/siteList), in their stored order:
 *   GET    /api/admin/resources/:side                 → ConsoleResourceDto[]
 *   POST   /api/admin/resources       body ResourceBody → ConsoleResourceDto (last of its side)
 *   PUT    /api/admin/resources/:id   body ResourceBody → ConsoleResourceDto (a new side puts it last there)
 *   PUT    /api/admin/resources/order body ResourceOrderBody → ConsoleResourceDto[] (ids: every one of the side)
 *   DELETE /api/admin/resources/:id                   → null
 *   GET    /api/admin/siteList                        → ConsoleSiteEntryDto[]
 *   POST   /api/admin/siteList        body SiteEntryBody → ConsoleSiteEntryDto (last)
 *   PUT    /api/admin/siteList/:id    body SiteEntryBody → ConsoleSiteEntryDto
 *   PUT    /api/admin/siteList/order  body OrderBody  → ConsoleSiteEntryDto[] (ids: every entry)
 *   DELETE /api/admin/siteList/:id                    → null
 */

/** The pages that show a banner: every reading page (the home page's fills the window). */
export const PAGE_HEADER_ROUTES = CLIENT_ROUTES.filter((route) => route !== '/' && route !== '/message/chat');

export const SiteSettingsDto = Type.Object({
  name: Type.String(),
  /** The author card: name, avatar and the motto under it. */
  author: Type.String(),
  avatar: Type.String(),
  motto: Type.String(),
  /** Typed one after another in the home page's banner. */
  typedMottos: Type.Array(Type.String()),
  notice: Type.String(),
  /** The footer's copyright line; '' shows「© 年份 网站名称」. */
  copyright: Type.String(),
  /** ICP filing number shown in the footer, linked to the filing site; '' for none. */
  filingNumber: Type.String(),
  /** The day the site began (YYYY-MM-DD): the facts count days from it. */
  since: Type.String(),
});
export type SiteSettingsDto = Static<typeof SiteSettingsDto>;

export const PageHeaderSlotDto = Type.Object({ route: Type.String(), image: Type.String() });
export type PageHeaderSlotDto = Static<typeof PageHeaderSlotDto>;

export const TaxonomyKind = Type.Union([Type.Literal('categories'), Type.Literal('tags')]);
export type TaxonomyKind = Static<typeof TaxonomyKind>;

export const TaxonomyItemDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Articles of any status (drafts and hidden ones too). */
  articleCount: Type.Integer(),
});
export type TaxonomyItemDto = Static<typeof TaxonomyItemDto>;

export const TaxonomyDto = Type.Object({ categories: Type.Array(TaxonomyItemDto), tags: Type.Array(TaxonomyItemDto) });
export type TaxonomyDto = Static<typeof TaxonomyDto>;

export const TaxonomyNameBody = Type.Object({ name: Type.String() });
export type TaxonomyNameBody = Static<typeof TaxonomyNameBody>;

export const TaxonomyMergeBody = Type.Object({ into: Type.Integer() });
export type TaxonomyMergeBody = Static<typeof TaxonomyMergeBody>;

export const ConsoleLinkDto = FriendLinkApplicationDto;
export type ConsoleLinkDto = Static<typeof ConsoleLinkDto>;

export const LinkBody = Type.Object({
  name: Type.String(),
  description: Type.String(),
  /** http(s) address. */
  url: Type.String(),
  avatar: Type.String(),
});
export type LinkBody = Static<typeof LinkBody>;

export const ConsoleResourceDto = Type.Object({
  id: Type.Integer(),
  side: ResourceSide,
  /** The group it is listed under. */
  kind: Type.String(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  cover: Type.String(),
});
export type ConsoleResourceDto = Static<typeof ConsoleResourceDto>;

export const ResourceBody = Type.Object({
  side: ResourceSide,
  kind: Type.String(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  cover: Type.String(),
});
export type ResourceBody = Static<typeof ResourceBody>;

export const ConsoleSiteEntryDto = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  icon: Type.String(),
});
export type ConsoleSiteEntryDto = Static<typeof ConsoleSiteEntryDto>;

export const SiteEntryBody = Type.Object({
  kind: Type.String(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  icon: Type.String(),
});
export type SiteEntryBody = Static<typeof SiteEntryBody>;

/** The new order: every id of the list, first to last. */
export const OrderBody = Type.Object({ ids: Type.Array(Type.Integer(), { maxItems: 1000 }) });
export type OrderBody = Static<typeof OrderBody>;

export const ResourceOrderBody = Type.Object({ side: ResourceSide, ids: Type.Array(Type.Integer(), { maxItems: 1000 }) });
export type ResourceOrderBody = Static<typeof ResourceOrderBody>;
