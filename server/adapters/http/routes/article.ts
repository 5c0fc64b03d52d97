import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ArticleDetailDto,
  ArticleLikesDto,
  ArticlePageDto,
  ArticlesByCategoryBody,
  ArticlesByTagBody,
  CategoryDto,
  FilteredArticlePageDto,
  HotArticleDto,
  ReadingDurationDto,
  RecommendDto,
  SearchResultDto,
  SiteFactsDto,
  TagDto,
  TimelinePageDto,
} from '../../../../src/protocol/content';
import { envelopeOf } from '../../../../src/protocol/envelope';
import type { ArticleService } from '../../../domain/content/articleService';
import { parseId, parsePage } from '../../../domain/content/input';
import { contentMessages } from '../../../domain/content/messages';
import { HOT_READS, isHotHomePage } from '../../../domain/hotReads';
import { ok } from '../envelope';
import { sendHot, uncachedAnswers, type HotAnswerCache } from '../hotAnswers';

const PageParams = Type.Object({ page: Type.String(), size: Type.String() });
const ARTICLE_READ_PREFIX = '/api/article/getArticleById/';
const ARTICLE_READ = /^\/api\/article\/getArticleById\/([1-9]\d{0,9})$/;

/**
 * Counts the view of each article read the hot path answered from memory before Fastify (the route counts
 * the others): a kept answer is still a reader's visit.
 */
export function countHotArticleRead(articles: Pick<ArticleService, 'countView'>): (request: IncomingMessage) => void {
  return (request) => {
    const id = ARTICLE_READ.exec(request.url ?? '')?.[1];
    if (id) articles.countView(Number(id));
  };
}
const IdParams = Type.Object({ id: Type.String() });

export interface ArticleRouteOptions {
  articles: ArticleService;
  /** Where the hot reads (first home pages, hottest, taxonomy, facts) are kept serialised. */
  cache?: HotAnswerCache;
}

/** The article calls of spec section 7, the taxonomy lists and the home page's site facts. */
export const articleRoutes: FastifyPluginAsyncTypebox<ArticleRouteOptions> = async (
  app,
  { articles, cache = uncachedAnswers },
) => {
  app.get(
    '/api/article/blogHomeGetArticleList/:page/:size',
    { schema: { params: PageParams, response: { 200: envelopeOf(ArticlePageDto) } } },
    async (request, reply) => {
      const page = parsePage(request.params.page, request.params.size);
      if (!isHotHomePage(page)) return ok(await articles.home(page));
      return sendHot(
        reply,
        cache,
        `/api/article/blogHomeGetArticleList/${page.current}/${page.size}`,
        HOT_READS.home,
        () => articles.home(page),
      );
    },
  );

  app.get(
    '/api/article/blogTimelineGetArticleList/:page/:size',
    { schema: { params: PageParams, response: { 200: envelopeOf(TimelinePageDto) } } },
    async (request) => ok(await articles.timeline(parsePage(request.params.page, request.params.size))),
  );

  app.post(
    '/api/article/getArticleListByTagId',
    { schema: { body: ArticlesByTagBody, response: { 200: envelopeOf(FilteredArticlePageDto) } } },
    async (request) => {
      const { tag_id, current, size } = request.body;
      return ok(await articles.byTag(parseId(tag_id, contentMessages.tag), parsePage(current, size)));
    },
  );

  app.post(
    '/api/article/getArticleListByCategoryId',
    { schema: { body: ArticlesByCategoryBody, response: { 200: envelopeOf(FilteredArticlePageDto) } } },
    async (request) => {
      const { category_id, current, size } = request.body;
      return ok(await articles.byCategory(parseId(category_id, contentMessages.category), parsePage(current, size)));
    },
  );

  app.get(
    '/api/article/getRecommendArticleById/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(RecommendDto) } } },
    async (request) => ok(await articles.recommend(request.params.id)),
  );

  app.get(
    '/api/article/getArticleById/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(ArticleDetailDto) } } },
    async (request, reply) => {
      const id = parseId(request.params.id, contentMessages.article);
      const sent = await sendHot(reply, cache, `${ARTICLE_READ_PREFIX}${id}`, HOT_READS.article, () =>
        articles.read(String(id), { counted: false }),
      );
      // After the answer is made: an article that is not there counts nothing.
      articles.countView(id);
      return sent;
    },
  );

  app.get(
    '/api/article/getHotArticle',
    { schema: { response: { 200: envelopeOf(Type.Array(HotArticleDto)) } } },
    async (_request, reply) => sendHot(reply, cache, '/api/article/getHotArticle', HOT_READS.hot, () => articles.hot()),
  );

  app.get(
    '/api/article/getArticleListByContent/:keyword',
    {
      schema: {
        params: Type.Object({ keyword: Type.String() }),
        response: { 200: envelopeOf(Type.Array(SearchResultDto)) },
      },
    },
    async (request, reply) =>
      sendHot(reply, cache, request.url, HOT_READS.search, () => articles.search(request.params.keyword)),
  );

  app.put(
    '/api/article/addReadingDuration/:articleId/:duration',
    {
      schema: {
        params: Type.Object({ articleId: Type.String(), duration: Type.String() }),
        response: { 200: envelopeOf(ReadingDurationDto) },
      },
    },
    async (request) => ok(await articles.addReadingDuration(request.params.articleId, request.params.duration)),
  );

  app.put(
    '/api/article/like/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(ArticleLikesDto) } } },
    async (request) => ok(await articles.like(request.params.id)),
  );

  app.get(
    '/api/category/getAll',
    { schema: { response: { 200: envelopeOf(Type.Array(CategoryDto)) } } },
    async (_request, reply) =>
      sendHot(reply, cache, '/api/category/getAll', HOT_READS.categories, () => articles.categories()),
  );

  app.get(
    '/api/tag/getAll',
    { schema: { response: { 200: envelopeOf(Type.Array(TagDto)) } } },
    async (_request, reply) => sendHot(reply, cache, '/api/tag/getAll', HOT_READS.tags, () => articles.tags()),
  );

  app.get(
    '/api/statistic/facts',
    { schema: { response: { 200: envelopeOf(SiteFactsDto) } } },
    async (_request, reply) => sendHot(reply, cache, '/api/statistic/facts', HOT_READS.facts, () => articles.facts()),
  );
};
