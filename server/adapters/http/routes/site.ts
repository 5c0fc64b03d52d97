import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelopeOf } from '../../../../src/protocol/envelope';
import { PageHeaderListDto, SiteConfigDto, ViewCountDto } from '../../../../src/protocol/site';
import type { SiteService } from '../../../domain/site/siteService';
import { ok } from '../envelope';

export const siteRoutes: FastifyPluginAsyncTypebox<{ site: SiteService }> = async (app, { site }) => {
  app.get('/api/config', { schema: { response: { 200: envelopeOf(SiteConfigDto) } } }, async () =>
    ok(await site.config()),
  );

  app.put('/api/config/addView', { schema: { response: { 200: envelopeOf(ViewCountDto) } } }, async () =>
    ok(await site.addView()),
  );

  app.get('/api/pageHeader/getAll', { schema: { response: { 200: envelopeOf(PageHeaderListDto) } } }, async () =>
    ok(await site.pageHeaders()),
  );
};
