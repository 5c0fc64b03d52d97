import {
  MAX_TALK_IMAGES,
  MAX_TALK_LENGTH,
  type AlbumDto,
  type FriendLinkApplicationDto,
  type FriendLinkApplyBody,
  type FriendLinkDto,
  type PhotoPageDto,
  type ResourceGroupDto,
  type ResourceSide,
  type SiteGroupDto,
  type TalkDto,
  type TalkPageDto,
} from '../../../src/protocol/content';
import type { Clock } from '../../ports/clock';
import type { ContentRepository } from '../../ports/contentRepository';
import type { NotificationPublisher } from '../../ports/notificationPublisher';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import type { CurrentUser } from '../accounts/currentUser';
import { AppError } from '../errors';
import { offsetOf, parseId, type PageRequest } from './input';
import { escapeHtml } from './html';
import { contentMessages } from './messages';
import { groupByKind, isImageAddress, isWebAddress, type FriendLink } from './showcase';

const toLinkDto = ({ id, name, description, url, avatar }: FriendLink): FriendLinkDto => ({ id, name, description, url, avatar });
const toApplication = (link: FriendLink): FriendLinkApplicationDto => ({ ...toLinkDto(link), status: link.status, userId: link.userId, createdAt: link.createdAt });

/** Excerpt of a text for a notification line. */
export function excerpt(text: string, max = 30): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max).join('')}…`;
}

/** A talk's text and pictures as written or edited: text trimmed and not empty, at most nine pictures of this site. */
export function checkedTalk(input: { content: string; images: string[] }): { content: string; images: string[] } {
  const content = input.content.trim();
  if (content === '') throw new AppError('invalid', contentMessages.talkEmpty);
  if (Array.from(content).length > MAX_TALK_LENGTH) throw new AppError('invalid', contentMessages.talkTooLong(MAX_TALK_LENGTH));
  const images = input.images;
  if (images.length > MAX_TALK_IMAGES) throw new AppError('invalid', contentMessages.tooManyImages(MAX_TALK_IMAGES));
  if (!images.every(isImageAddress)) throw new AppError('invalid', contentMessages.invalidImage);
  return { content, images };
}

/** Albums, talks, friend links, resources and the site list. */
export class ShowcaseService {
  constructor(
    private readonly content: ContentRepository,
    private readonly notifications: NotificationPublisher,
    private readonly clock: Clock,
    /** Told when a talk is published (the site's facts count them) and a link reviewed. */
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  albums(): Promise<AlbumDto[]> {
    return this.content.albums();
  }

  async photos(rawAlbumId: string, page: PageRequest): Promise<PhotoPageDto> {
    const albumId = parseId(rawAlbumId, contentMessages.album);
    const album = await this.content.findAlbum(albumId);
    if (!album) throw new AppError('notFound', contentMessages.albumNotFound);
    const { items, total } = await this.content.photos(albumId, offsetOf(page), page.size);
    return { album, list: items, total, ...page };
  }

  async talks(page: PageRequest): Promise<TalkPageDto> {
    const { items, total } = await this.content.talks(offsetOf(page), page.size);
    return { list: items, total, ...page };
  }

  async talk(rawId: string): Promise<TalkDto> {
    const talk = await this.content.findTalk(parseId(rawId, contentMessages.talk));
    if (!talk) throw new AppError('notFound', contentMessages.talkNotFound);
    return talk;
  }

  /** A new talk from the blogger; every user hears of it (type 2). */
  async publishTalk(input: { content: string; images: string[]; pinned: boolean }): Promise<TalkDto> {
    const { content, images } = checkedTalk(input);
    const talk = { content, images, pinned: input.pinned, likes: 0, createdAt: this.clock.now().toISOString() };
    const id = await this.content.addTalk(talk);
    this.changes.changed(['talks']);
    await this.notifications.toAllUsers({ type: 2, message: contentMessages.notify.talkPublished(escapeHtml(excerpt(content))), toId: id });
    return { id, ...talk, comment_count: 0 };
  }

  async links(): Promise<FriendLinkDto[]> {
    return (await this.content.approvedLinks()).map(toLinkDto);
  }

  /** A signed-in reader asks for a link; it waits for the administrator. */
  async applyForLink(user: CurrentUser, body: FriendLinkApplyBody): Promise<FriendLinkApplicationDto> {
    const name = body.name.trim();
    const url = body.url.trim();
    const avatar = body.avatar.trim();
    if (name === '') throw new AppError('invalid', contentMessages.linkNameRequired);
    const description = body.description.trim();
    for (const [field, value, max] of [
      [contentMessages.linkName, name, 30],
      [contentMessages.linkDescription, description, 100],
      [contentMessages.linkUrl, url, 255],
      [contentMessages.linkAvatar, avatar, 255],
    ] as const) {
      if (Array.from(value).length > max) throw new AppError('invalid', contentMessages.tooLong(field, max));
    }
    if (!isWebAddress(url)) throw new AppError('invalid', contentMessages.linkUrlInvalid);
    if (avatar !== '' && !isImageAddress(avatar)) throw new AppError('invalid', contentMessages.linkAvatarInvalid);
    if (await this.content.findLinkByUrl(url)) throw new AppError('refused', contentMessages.linkDuplicate);
    const link = {
      name,
      description,
      url,
      avatar,
      status: 'pending' as const,
      userId: user.id,
      createdAt: this.clock.now().toISOString(),
    };
    const id = await this.content.addLink(link);
    return toApplication({ id, ...link });
  }

  async pendingLinks(): Promise<FriendLinkApplicationDto[]> {
    return (await this.content.pendingLinks()).map(toApplication);
  }

  async reviewLink(rawId: string, approved: boolean): Promise<FriendLinkApplicationDto> {
    const id = parseId(rawId, contentMessages.link);
    const link = await this.content.findLink(id);
    if (!link) throw new AppError('notFound', contentMessages.linkNotFound);
    const status = approved ? 'approved' : 'rejected';
    await this.content.setLinkStatus(id, status);
    this.changes.changed(['directory']);
    return toApplication({ ...link, status });
  }

  async resources(side: string): Promise<ResourceGroupDto[]> {
    if (side !== 'front' && side !== 'back') throw new AppError('invalid', contentMessages.invalidSide);
    const resources = await this.content.resources(side satisfies ResourceSide);
    return groupByKind(resources).map(({ kind, list }) => ({
      kind,
      list: list.map(({ id, name, description, url, cover }) => ({ id, name, description, url, cover })),
    }));
  }

  async sites(): Promise<SiteGroupDto[]> {
    return groupByKind(await this.content.sites()).map(({ kind, list }) => ({
      kind,
      list: list.map(({ id, name, description, url, icon }) => ({ id, name, description, url, icon })),
    }));
  }
}
