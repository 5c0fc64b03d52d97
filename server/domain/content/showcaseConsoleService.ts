import type { AlbumDto, PhotoDto, TalkPublishBody } from '../../../src/protocol/content';
import {
  SHOWCASE_LIMITS,
  type AlbumBody,
  type AlbumPhotosDto,
  type ConsoleTalkDto,
  type ConsoleTalkPageDto,
  type TalkEditBody,
} from '../../../src/protocol/console/showcase';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { Clock } from '../../ports/clock';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import type { PictureStore } from '../../ports/pictureStore';
import type { ShowcaseRepository } from '../../ports/showcaseRepository';
import { AppError } from '../errors';
import type { Album, Photo } from './showcase';
import { arrange } from './arrangement';
import { offsetOf, parseId, type PageRequest } from './input';
import { contentMessages } from './messages';
import { checkedTalk, type ShowcaseService } from './showcaseService';

const text = zhCN.consoleShowcase.server;

/** Trimmed, within `max` characters, and not empty when `required` (each refusal naming the field). */
function checkedText(raw: string, field: string, max: number, required: string | undefined): string {
  const value = raw.trim();
  if (required !== undefined && value === '') throw new AppError('invalid', required);
  if (Array.from(value).length > max) throw new AppError('invalid', text.tooLong(field, max));
  return value;
}

function checkedAlbum(body: AlbumBody): AlbumBody {
  return {
    name: checkedText(body.name, text.albumName, SHOWCASE_LIMITS.albumName, text.albumNameRequired),
    description: checkedText(body.description, text.albumDescription, SHOWCASE_LIMITS.albumDescription, undefined),
  };
}

const toPhotoDto = ({ id, url, description, width, height }: Photo): PhotoDto => ({
  id,
  url,
  description,
  width,
  height,
});

/**
 * 说说、相册与照片 in the console: every talk (hidden ones too) to write, edit, pin, hide and delete; albums
 * to create, edit, delete, put in order and give a cover; photos to upload, describe, delete and put in
 * order. A new talk is published as /api/talk/add publishes it (every user is told). Each change shows at
 * once on /talk, /photoAlbum and /photos and in the site's facts.
 */
export class ShowcaseConsoleService {
  constructor(
    private readonly showcase: ShowcaseRepository,
    /** Publishes a new talk: the one place that tells every user of it. */
    private readonly publisher: ShowcaseService,
    private readonly pictures: PictureStore,
    private readonly clock: Clock,
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async talks(page: PageRequest): Promise<ConsoleTalkPageDto> {
    const { items, total } = await this.showcase.talks(offsetOf(page), page.size);
    return { list: items, total, ...page };
  }

  /** A picture for a talk being written: stored now, part of the talk once it is published or saved. */
  async storeTalkImage(bytes: Buffer): Promise<{ url: string }> {
    return { url: (await this.pictures.store(bytes)).url };
  }

  async publishTalk(body: TalkPublishBody): Promise<ConsoleTalkDto> {
    return { ...(await this.publisher.publishTalk(body)), hidden: false };
  }

  /** New text and pictures (in the order given); the talk keeps its date, likes and address. */
  async editTalk(rawId: string, body: TalkEditBody): Promise<ConsoleTalkDto> {
    const talk = await this.existingTalk(rawId);
    const edited = checkedTalk(body);
    await this.showcase.updateTalk(talk.id, edited);
    this.changes.changed(['talks']);
    return { ...talk, ...edited };
  }

  async pinTalk(rawId: string, pinned: boolean): Promise<ConsoleTalkDto> {
    const talk = await this.existingTalk(rawId);
    await this.showcase.setTalkPinned(talk.id, pinned);
    this.changes.changed(['talks']);
    return { ...talk, pinned };
  }

  /** A hidden talk is kept here and gone from every public list, count and address. */
  async hideTalk(rawId: string, hidden: boolean): Promise<ConsoleTalkDto> {
    const talk = await this.existingTalk(rawId);
    await this.showcase.setTalkHidden(talk.id, hidden);
    this.changes.changed(['talks']);
    return { ...talk, hidden };
  }

  async deleteTalk(rawId: string): Promise<void> {
    const talk = await this.existingTalk(rawId);
    await this.showcase.removeTalk(talk.id);
    this.changes.changed(['talks']);
  }

  albums(): Promise<AlbumDto[]> {
    return this.showcase.albums();
  }

  async createAlbum(body: AlbumBody): Promise<AlbumDto> {
    const id = await this.showcase.addAlbum({ ...checkedAlbum(body), createdAt: this.clock.now().toISOString() });
    this.changes.changed(['albums']);
    return this.albumNow(id);
  }

  async editAlbum(rawId: string, body: AlbumBody): Promise<AlbumDto> {
    const album = await this.existingAlbum(rawId);
    await this.showcase.updateAlbum(album.id, checkedAlbum(body));
    this.changes.changed(['albums']);
    return this.albumNow(album.id);
  }

  /** The album goes with every photo in it. */
  async deleteAlbum(rawId: string): Promise<void> {
    const album = await this.existingAlbum(rawId);
    await this.showcase.removeAlbum(album.id);
    this.changes.changed(['albums']);
  }

  async orderAlbums(ids: readonly number[]): Promise<AlbumDto[]> {
    const current = await this.showcase.albums();
    await this.showcase.orderAlbums(this.arranged(current, ids));
    this.changes.changed(['albums']);
    return this.showcase.albums();
  }

  /** The cover is one of the album's own photos. */
  async setCover(rawAlbumId: string, rawPhotoId: number): Promise<AlbumDto> {
    const album = await this.existingAlbum(rawAlbumId);
    const photo = await this.showcase.findPhoto(parseId(rawPhotoId, text.photo));
    if (!photo || photo.albumId !== album.id) throw new AppError('invalid', text.coverNotInAlbum);
    await this.showcase.setAlbumCover(album.id, photo.url);
    this.changes.changed(['albums']);
    return this.albumNow(album.id);
  }

  async photos(rawAlbumId: string): Promise<AlbumPhotosDto> {
    const album = await this.existingAlbum(rawAlbumId);
    return { album, list: (await this.showcase.photos(album.id)).map(toPhotoDto) };
  }

  /** An uploaded picture added last to the album, with its size; an unknown album costs no decoding. */
  async addPhoto(rawAlbumId: string, bytes: Buffer): Promise<PhotoDto> {
    const album = await this.existingAlbum(rawAlbumId);
    const photo = { ...(await this.pictures.store(bytes)), description: '' };
    const id = await this.showcase.addPhoto(album.id, photo);
    this.changes.changed(['albums']);
    return toPhotoDto({ id, ...photo });
  }

  async orderPhotos(rawAlbumId: string, ids: readonly number[]): Promise<AlbumPhotosDto> {
    const album = await this.existingAlbum(rawAlbumId);
    await this.showcase.orderPhotos(album.id, this.arranged(await this.showcase.photos(album.id), ids));
    this.changes.changed(['albums']);
    return this.photos(String(album.id));
  }

  async describePhoto(rawId: string, description: string): Promise<PhotoDto> {
    const photo = await this.existingPhoto(rawId);
    const checked = checkedText(description, text.photoDescription, SHOWCASE_LIMITS.photoDescription, undefined);
    await this.showcase.setPhotoDescription(photo.id, checked);
    this.changes.changed(['albums']);
    return toPhotoDto({ ...photo, description: checked });
  }

  /** Answers the photo's album as it is now (its count, and its cover if the photo was it). */
  async deletePhoto(rawId: string): Promise<AlbumDto> {
    const photo = await this.existingPhoto(rawId);
    await this.showcase.removePhoto(photo.id);
    this.changes.changed(['albums']);
    return this.albumNow(photo.albumId);
  }

  private arranged(current: readonly { id: number }[], requested: readonly number[]): number[] {
    const result = arrange(
      current.map((item) => item.id),
      requested,
    );
    if ('problem' in result)
      throw new AppError('invalid', result.problem === 'repeated' ? text.orderRepeated : text.orderForeign);
    return result.order;
  }

  private async existingTalk(rawId: string) {
    const talk = await this.showcase.findTalk(parseId(rawId, contentMessages.talk));
    if (!talk) throw new AppError('notFound', contentMessages.talkNotFound);
    return talk;
  }

  private async existingAlbum(rawId: string): Promise<Album> {
    const album = await this.showcase.findAlbum(parseId(rawId, contentMessages.album));
    if (!album) throw new AppError('notFound', contentMessages.albumNotFound);
    return album;
  }

  private async existingPhoto(rawId: string) {
    const photo = await this.showcase.findPhoto(parseId(rawId, text.photo));
    if (!photo) throw new AppError('notFound', text.photoNotFound);
    return photo;
  }

  /** The album as readers see it now (a write may have changed its cover or count). */
  private async albumNow(id: number): Promise<Album> {
    const album = await this.showcase.findAlbum(id);
    if (!album) throw new AppError('notFound', contentMessages.albumNotFound);
    return album;
  }
}
