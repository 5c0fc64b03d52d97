import type { OldLinks } from '../../../domain/content/oldLinks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AlbumDto,
  FriendLinkApplicationDto,
  FriendLinkApplyBody,
  FriendLinkDto,
  FriendLinkReviewBody,
  PhotoPageDto,
  ResourceGroupDto,
  SiteGroupDto,
  TalkDto,
  TalkPageDto,
  TalkPublishBody,
} from '../../../../src/protocol/content';
import { envelopeOf } from '../../../../src/protocol/envelope';
import type { ArticleService } from '../../../domain/content/articleService';
import type { BoardService } from '../../../domain/content/boardService';
import { parsePage } from '../../../domain/content/input';
import type { ShowcaseService } from '../../../domain/content/showcaseService';
import type { SiteService } from '../../../domain/site/siteService';
import { requireAdmin, requireUser } from '../auth';
import { ok } from '../envelope';
import type { HotAnswerCache } from '../hotAnswers';
import { articleRoutes } from './article';
import { feedRoutes } from './feed';
import { messageRoutes } from './message';
import type { CommentService } from '../../../domain/comments/commentService';
import { commentRoutes } from './comment';

/** The blog's content: articles, the pages around them and the message board. */
export interface ContentServices {
  articles: ArticleService;
  showcase: ShowcaseService;
  board: BoardService;
  /** Comments under articles and talks, and talk likes (absent: no /api/comment/ calls). */
  comments?: CommentService;
  /** Addresses of the blog this one moved from, answered with 301 (absent: they are 404s). */
  oldLinks?: OldLinks;
}

const PageParams = Type.Object({ page: Type.String(), size: Type.String() });
const IdParams = Type.Object({ id: Type.String() });

const showcaseRoutes: FastifyPluginAsyncTypebox<{ showcase: ShowcaseService }> = async (app, { showcase }) => {
  app.get('/api/photoAlbum/getAll', { schema: { response: { 200: envelopeOf(Type.Array(AlbumDto)) } } }, async () =>
    ok(await showcase.albums()),
  );

  app.get(
    '/api/photo/getPhotoListByAlbumId/:albumId/:page/:size',
    {
      schema: {
        params: Type.Object({ albumId: Type.String(), page: Type.String(), size: Type.String() }),
        response: { 200: envelopeOf(PhotoPageDto) },
      },
    },
    async (request) => {
      const { albumId, page, size } = request.params;
      return ok(await showcase.photos(albumId, parsePage(page, size)));
    },
  );

  app.get(
    '/api/talk/blogGetTalkList/:page/:size',
    { schema: { params: PageParams, response: { 200: envelopeOf(TalkPageDto) } } },
    async (request) => ok(await showcase.talks(parsePage(request.params.page, request.params.size))),
  );

  app.get(
    '/api/talk/getTalkById/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(TalkDto) } } },
    async (request) => ok(await showcase.talk(request.params.id)),
  );

  app.post(
    '/api/talk/add',
    { schema: { body: TalkPublishBody, response: { 200: envelopeOf(TalkDto) } } },
    async (request) => {
      requireAdmin(request);
      return ok(await showcase.publishTalk(request.body));
    },
  );

  app.get('/api/links/getAll', { schema: { response: { 200: envelopeOf(Type.Array(FriendLinkDto)) } } }, async () =>
    ok(await showcase.links()),
  );

  app.post(
    '/api/links/apply',
    { schema: { body: FriendLinkApplyBody, response: { 200: envelopeOf(FriendLinkApplicationDto) } } },
    async (request) => ok(await showcase.applyForLink(requireUser(request), request.body)),
  );

  app.get(
    '/api/links/getPending',
    { schema: { response: { 200: envelopeOf(Type.Array(FriendLinkApplicationDto)) } } },
    async (request) => {
      requireAdmin(request);
      return ok(await showcase.pendingLinks());
    },
  );

  app.put(
    '/api/links/review/:id',
    { schema: { params: IdParams, body: FriendLinkReviewBody, response: { 200: envelopeOf(FriendLinkApplicationDto) } } },
    async (request) => {
      requireAdmin(request);
      return ok(await showcase.reviewLink(request.params.id, request.body.approved));
    },
  );

  app.get(
    '/api/resources/getAll/:side',
    { schema: { params: Type.Object({ side: Type.String() }), response: { 200: envelopeOf(Type.Array(ResourceGroupDto)) } } },
    async (request) => ok(await showcase.resources(request.params.side)),
  );

  app.get('/api/siteList/getAll', { schema: { response: { 200: envelopeOf(Type.Array(SiteGroupDto)) } } }, async () =>
    ok(await showcase.sites()),
  );
};

export interface ContentRouteOptions {
  content: ContentServices;
  site: SiteService;
  /** Public origin for absolute links in feeds; the request's own origin when unset. */
  siteUrl?: string | undefined;
  /** False when the built client ships its own robots.txt. */
  serveRobots: boolean;
  /** Where the hot reads are kept serialised (none: read every time). */
  cache?: HotAnswerCache | undefined;
}

/** Every content route: articles, showcase pages, message board, feeds. */
export const contentRoutes: FastifyPluginAsyncTypebox<ContentRouteOptions> = async (app, options) => {
  await app.register(articleRoutes, {
    articles: options.content.articles,
    ...(options.cache ? { cache: options.cache } : {}),
  });
  await app.register(showcaseRoutes, { showcase: options.content.showcase });
  await app.register(messageRoutes, { board: options.content.board });
  if (options.content.comments) await app.register(commentRoutes, { comments: options.content.comments });
  await app.register(feedRoutes, {
    articles: options.content.articles,
    site: options.site,
    siteUrl: options.siteUrl,
    serveRobots: options.serveRobots,
  });
};
