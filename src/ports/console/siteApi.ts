import type {
  FriendLinkDraft,
  FriendLinkEntry,
  PageBanner,
  ResourceDraft,
  ResourceEntry,
  ResourceSide,
  SiteListDraft,
  SiteListEntry,
  SiteSettings,
  TaxonomyItem,
  TaxonomyKind,
} from '../../domain/console/site/site';

/**
 * The console's site areas: settings and banners, categories and tags, friend links, resources and the site
 * list. Every call rejects with the server's Chinese message; one the HTTP client already showed (401, 403,
 * 500…) rejects with a ReportedError.
 */
export interface SiteConsoleApi {
  settings(): Promise<SiteSettings>;
  /** Answers the settings as stored (trimmed). */
  saveSettings(settings: SiteSettings): Promise<SiteSettings>;
  /** One slot per page that shows a banner, in the site's order. */
  pageBanners(): Promise<PageBanner[]>;
  /** image '' removes the page's banner. */
  setPageBanner(banner: PageBanner): Promise<PageBanner>;
  /** Uploads a picture (re-encoded by the server); answers its /media/… address. */
  uploadImage(file: Blob, fileName: string): Promise<string>;

  taxonomy(kind: TaxonomyKind): Promise<TaxonomyItem[]>;
  createTaxonomy(kind: TaxonomyKind, name: string): Promise<TaxonomyItem>;
  renameTaxonomy(kind: TaxonomyKind, id: number, name: string): Promise<TaxonomyItem>;
  /** Moves the articles of `id` to `into` and removes `id`; answers the kind's list afterwards. */
  mergeTaxonomy(kind: TaxonomyKind, id: number, into: number): Promise<TaxonomyItem[]>;
  removeTaxonomy(kind: TaxonomyKind, id: number): Promise<void>;

  /** Every link, whatever its status, newest first. */
  links(): Promise<FriendLinkEntry[]>;
  /** Adds (id null, approved at once) or edits a link. */
  saveLink(id: number | null, link: FriendLinkDraft): Promise<FriendLinkEntry>;
  reviewLink(id: number, approved: boolean): Promise<FriendLinkEntry>;
  removeLink(id: number): Promise<void>;

  resources(side: ResourceSide): Promise<ResourceEntry[]>;
  /** Adds (id null, last of its side) or edits a resource. */
  saveResource(id: number | null, resource: ResourceDraft): Promise<ResourceEntry>;
  removeResource(id: number): Promise<void>;
  /** `ids`: every resource of the side, in the new order; answers the side as stored. */
  arrangeResources(side: ResourceSide, ids: number[]): Promise<ResourceEntry[]>;

  siteList(): Promise<SiteListEntry[]>;
  saveSiteEntry(id: number | null, entry: SiteListDraft): Promise<SiteListEntry>;
  removeSiteEntry(id: number): Promise<void>;
  arrangeSiteList(ids: number[]): Promise<SiteListEntry[]>;
}
