import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  TaxonomyDto,
  TaxonomyItemDto,
  TaxonomyKind,
  TaxonomyMergeBody,
  TaxonomyNameBody,
} from '../../../../../src/protocol/console/site';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import type { TaxonomyConsoleService } from '../../../../domain/content/taxonomyConsoleService';
import { ok } from '../../envelope';

const KindParams = Type.Object({ kind: TaxonomyKind });
const ItemParams = Type.Object({ kind: TaxonomyKind, id: Type.String() });
const Item = { 200: envelopeOf(TaxonomyItemDto) };

/** 分类与标签: every category and tag with its articles counted; create, rename, merge and delete. */
export const taxonomyConsoleRoutes: FastifyPluginAsyncTypebox<{ taxonomy: TaxonomyConsoleService }> = async (
  app,
  { taxonomy },
) => {
  app.get('/taxonomy', { schema: { response: { 200: envelopeOf(TaxonomyDto) } } }, async () => ok(await taxonomy.all()));

  app.post('/taxonomy/:kind', { schema: { params: KindParams, body: TaxonomyNameBody, response: Item } }, async (request) =>
    ok(await taxonomy.create(request.params.kind, request.body.name)),
  );

  app.put('/taxonomy/:kind/:id', { schema: { params: ItemParams, body: TaxonomyNameBody, response: Item } }, async (request) =>
    ok(await taxonomy.rename(request.params.kind, request.params.id, request.body.name)),
  );

  app.post(
    '/taxonomy/:kind/:id/merge',
    { schema: { params: ItemParams, body: TaxonomyMergeBody, response: Item } },
    async (request) => ok(await taxonomy.merge(request.params.kind, request.params.id, request.body.into)),
  );

  app.delete('/taxonomy/:kind/:id', { schema: { params: ItemParams, response: { 200: envelopeOf(Type.Null()) } } }, async (request) => {
    await taxonomy.remove(request.params.kind, request.params.id);
    return ok(null);
  });
};
