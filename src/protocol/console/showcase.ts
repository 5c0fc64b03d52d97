import { Type, type Static } from 'typebox';
import { AlbumDto, PhotoDto, TalkDto } from '../content';

/*
 * Wire contract of the console's talks (说说), albums and photos. Every call is under /api/admin
 * (administrators only: 401 for a visitor, 403 for a user), answers the envelope `{ code, result, message }`,
 * and needs the X-Requested-With marker for a write. Path ids are positive integers (else 400); an unknown id
 * is a 404; a rule broken is a 400 with a Chinese message (catalogue section `zhCN.consoleShowcase.server`).
 * Pictures are uploaded one per call as multipart (one file part), re-encoded to WebP with the camera's
 * orientation applied, as /api/upload/img does.
 *
 * Talks (every one, hidden ones included; pinned first, then newest):
 *   GET    /api/admin/talks/:page/:size                 → ConsoleTalkPageDto
 *   POST   /api/admin/talks         body TalkPublishBody → ConsoleTalkDto (published: every user is told, type 2)
 *   POST   /api/admin/talks/images  multipart, one image → UploadResult (a picture for a talk, ≤ TALK_IMAGE_MAX_BYTES)
 *   PUT    /api/admin/talks/:id     body TalkEditBody   → ConsoleTalkDto (text and pictures, in their order)
 *   PUT    /api/admin/talks/:id/pinned body TalkPinnedBody → ConsoleTalkDto
 *   PUT    /api/admin/talks/:id/hidden body TalkHiddenBody → ConsoleTalkDto (hidden: out of /talk and its
 *          address answers 404; kept here)
 *   DELETE /api/admin/talks/:id                         → null
 *
 * Albums and photos (in the order the blogger set, as /photoAlbum and /photos show them):
 *   GET    /api/admin/albums                            → AlbumDto[]
 *   POST   /api/admin/albums        body AlbumBody      → AlbumDto (last)
 *   PUT    /api/admin/albums/order  body OrderBody      → AlbumDto[] (ids: albums in their new order, each at
 *          most once; those not named follow in their order)
 *   PUT    /api/admin/albums/:id    body AlbumBody      → AlbumDto
 *   DELETE /api/admin/albums/:id                        → null (its photos with it)
 *   PUT    /api/admin/albums/:id/cover body CoverBody   → AlbumDto (a photo of the album; without a chosen
 *          cover, or once that photo is deleted, an album shows its first photo)
 *   GET    /api/admin/albums/:id/photos                 → AlbumPhotosDto (every photo, in order)
 *   POST   /api/admin/albums/:id/photos multipart, one image → PhotoDto (last; width and height as stored,
 *          ≤ PHOTO_MAX_BYTES)
 *   PUT    /api/admin/albums/:id/photos/order body OrderBody → AlbumPhotosDto (as the album order)
 *   PUT    /api/admin/photos/:id    body PhotoBody      → PhotoDto
 *   DELETE /api/admin/photos/:id                        → AlbumDto (its album as it is now: count, cover)
 */

/** Longest texts, in characters (a Chinese character is one). */
export const SHOWCASE_LIMITS = {
  albumName: 30,
  albumDescription: 200,
  photoDescription: 200,
} as const;

/** The largest picture for a talk, as /api/upload/img; the browser refuses a bigger one before sending it. */
export const TALK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The largest photo: a camera's own file, re-encoded on arrival. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** Most ids an order names (far beyond any album). */
export const MAX_ORDER_IDS = 10_000;

export const ConsoleTalkDto = Type.Object({
  ...TalkDto.properties,
  /** Kept for the blogger, out of every public list and address. */
  hidden: Type.Boolean(),
});
export type ConsoleTalkDto = Static<typeof ConsoleTalkDto>;

export const ConsoleTalkPageDto = Type.Object({
  list: Type.Array(ConsoleTalkDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type ConsoleTalkPageDto = Static<typeof ConsoleTalkPageDto>;

export const TalkEditBody = Type.Object({
  content: Type.String(),
  /** Up to nine /media/… addresses, in the order shown. */
  images: Type.Array(Type.String()),
});
export type TalkEditBody = Static<typeof TalkEditBody>;

export const TalkPinnedBody = Type.Object({ pinned: Type.Boolean() });
export type TalkPinnedBody = Static<typeof TalkPinnedBody>;

export const TalkHiddenBody = Type.Object({ hidden: Type.Boolean() });
export type TalkHiddenBody = Static<typeof TalkHiddenBody>;

export const AlbumBody = Type.Object({ name: Type.String(), description: Type.String() });
export type AlbumBody = Static<typeof AlbumBody>;

export const OrderBody = Type.Object({ ids: Type.Array(Type.Integer(), { maxItems: MAX_ORDER_IDS }) });
export type OrderBody = Static<typeof OrderBody>;

export const CoverBody = Type.Object({ photoId: Type.Integer() });
export type CoverBody = Static<typeof CoverBody>;

export const PhotoBody = Type.Object({ description: Type.String() });
export type PhotoBody = Static<typeof PhotoBody>;

export const AlbumPhotosDto = Type.Object({ album: AlbumDto, list: Type.Array(PhotoDto) });
export type AlbumPhotosDto = Static<typeof AlbumPhotosDto>;
