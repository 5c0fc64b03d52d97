import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OverviewDto, OverviewQuery } from '../../../../../src/protocol/console/overview';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import type { OverviewService } from '../../../../domain/overview/overviewService';
import { ok } from '../../envelope';

/** 概览: the console's landing page. */
export const overviewRoutes: FastifyPluginAsyncTypebox<{ overview: OverviewService }> = async (app, { overview }) => {
  app.get(
    '/overview',
    { schema: { querystring: OverviewQuery, response: { 200: envelopeOf(OverviewDto) } } },
    async (request) => ok(await overview.overview(request.query.dayStart)),
  );
};
