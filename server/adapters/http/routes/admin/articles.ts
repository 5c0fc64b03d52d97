import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  ArticleBinEmptiedDto,
  ArticleCreateBody,
  ArticlePublishBody,
  ArticleRevisionDto,
  ArticleRevisionSummaryDto,
  ArticleSaveBody,
  ArticleVersionBody,
  ConsoleArticleDto,
  ConsoleArticleListQuery,
  ConsoleArticleOptionsDto,
  ConsoleArticlePageDto,
} from '../../../../../src/protocol/console/articles';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import { ArticleConflict, type ArticleConsoleService } from '../../../../domain/content/articleConsoleService';
import { ok } from '../../envelope';
import { requireFreshProof } from '../../auth';

const IdParams = Type.Object({ id: Type.String() });
const RevisionParams = Type.Object({ id: Type.String(), version: Type.String() });
/** A call answering the article: 200 with it, or 409 with the server's copy (see ArticleConflict). */
const Article = { 200: envelopeOf(ConsoleArticleDto), 409: envelopeOf(ConsoleArticleDto) };

/** The envelope of `work`'s result; a conflict answers 409 with the server's article in `result`. */
async function answer<T>(reply: FastifyReply, work: () => Promise<T>) {
  try {
    return ok(await work());
  } catch (error) {
    if (!(error instanceof ArticleConflict)) throw error;
    return reply.status(409).send({ code: 409, result: error.current, message: error.message });
  }
}

/** 文章: the console's list, editor, revisions, publishing and 回收站 (see src/protocol/console/articles.ts). */
export const articleConsoleRoutes: FastifyPluginAsyncTypebox<{ articles: ArticleConsoleService }> = async (
  app,
  { articles },
) => {
  app.get(
    '/articles',
    { schema: { querystring: ConsoleArticleListQuery, response: { 200: envelopeOf(ConsoleArticlePageDto) } } },
    async (request) => ok(await articles.list(request.query)),
  );

  app.get('/articles/options', { schema: { response: { 200: envelopeOf(ConsoleArticleOptionsDto) } } }, async () =>
    ok(await articles.options()),
  );

  app.post(
    '/articles',
    { schema: { body: ArticleCreateBody, response: { 200: envelopeOf(ConsoleArticleDto) } } },
    async (request) => ok(await articles.create(request.body)),
  );

  // Static before the parameter: find-my-way prefers `/articles/bin` to `/articles/:id`.
  app.delete('/articles/bin', { schema: { response: { 200: envelopeOf(ArticleBinEmptiedDto) } } }, async (request) => {
    requireFreshProof(request);
    return ok(await articles.emptyBin());
  });

  app.get(
    '/articles/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(ConsoleArticleDto) } } },
    async (request) => ok(await articles.read(request.params.id)),
  );

  app.put(
    '/articles/:id',
    { schema: { params: IdParams, body: ArticleSaveBody, response: Article } },
    async (request, reply) => answer(reply, () => articles.save(request.params.id, request.body)),
  );

  app.delete(
    '/articles/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(Type.Null()), 409: envelopeOf(ConsoleArticleDto) } } },
    async (request, reply) => answer(reply, () => articles.deleteForGood(request.params.id)),
  );

  app.get(
    '/articles/:id/revisions',
    { schema: { params: IdParams, response: { 200: envelopeOf(Type.Array(ArticleRevisionSummaryDto)) } } },
    async (request) => ok(await articles.revisions(request.params.id)),
  );

  app.get(
    '/articles/:id/revisions/:version',
    { schema: { params: RevisionParams, response: { 200: envelopeOf(ArticleRevisionDto) } } },
    async (request) => ok(await articles.revision(request.params.id, request.params.version)),
  );

  app.post(
    '/articles/:id/revisions/:version/restore',
    { schema: { params: RevisionParams, body: ArticleVersionBody, response: Article } },
    async (request, reply) =>
      answer(reply, () => articles.restoreRevision(request.params.id, request.params.version, request.body.version)),
  );

  app.post(
    '/articles/:id/publish',
    { schema: { params: IdParams, body: ArticlePublishBody, response: Article } },
    async (request, reply) => answer(reply, () => articles.publish(request.params.id, request.body)),
  );

  const stateChanges = {
    unpublish: (id: string) => articles.unpublish(id),
    hide: (id: string) => articles.hide(id),
    unhide: (id: string) => articles.unhide(id),
    trash: (id: string) => articles.trash(id),
    restore: (id: string) => articles.restore(id),
  };
  for (const [name, change] of Object.entries(stateChanges)) {
    app.post(`/articles/:id/${name}`, { schema: { params: IdParams, response: Article } }, async (request, reply) =>
      answer(reply, () => change(request.params.id)),
    );
  }
};
