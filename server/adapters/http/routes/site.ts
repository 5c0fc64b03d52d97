import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelopeOf } from '../../../../src/protocol/envelope';
import { PageHeaderListDto, SiteConfigDto, ViewCountDto } from '../../../../src/protocol/site';
import { HOT_READS } from '../../../domain/hotReads';
import type { SiteService } from '../../../domain/site/siteService';
import { ok } from '../envelope';
import { sendHot, uncachedAnswers, type HotAnswerCache } from '../hotAnswers';

export interface SiteRouteOptions {
  site: SiteService;
  /** Where the configuration and the page headers are kept, serialised (none: read every time). */
  cache?: HotAnswerCache;
}

export const siteRoutes: FastifyPluginAsyncTypebox<SiteRouteOptions> = async (
  app,
  { site, cache = uncachedAnswers },
) => {
  app.get('/api/config', { schema: { response: { 200: envelopeOf(SiteConfigDto) } } }, async (_request, reply) =>
    sendHot(reply, cache, '/api/config', HOT_READS.config, () => site.config()),
  );

  app.put('/api/config/addView', { schema: { response: { 200: envelopeOf(ViewCountDto) } } }, async () =>
    ok(await site.addView()),
  );

  app.get(
    '/api/pageHeader/getAll',
    { schema: { response: { 200: envelopeOf(PageHeaderListDto) } } },
    async (_request, reply) =>
      sendHot(reply, cache, '/api/pageHeader/getAll', HOT_READS.pageHeaders, () => site.pageHeaders()),
  );
};
