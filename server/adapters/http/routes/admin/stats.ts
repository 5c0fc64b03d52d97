import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as zhCN from '../../../../../src/i18n/zh-CN';
import { STATS_TABLES, StatsQuery, StatsReportDto, type StatsCsv } from '../../../../../src/protocol/console/stats';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import { AppError } from '../../../../domain/errors';
import { toCsv } from '../../../../domain/stats/csv';
import type { StatsService } from '../../../../domain/stats/statsService';
import { attachment } from '../../contentDisposition';
import { ok } from '../../envelope';

const CSV_NAMES: readonly string[] = ['daily', ...STATS_TABLES];

/** 统计: the dashboard's report and each table as a CSV download. */
export const statsRoutes: FastifyPluginAsyncTypebox<{ stats: StatsService }> = async (app, { stats }) => {
  app.get(
    '/stats',
    { schema: { querystring: StatsQuery, response: { 200: envelopeOf(StatsReportDto) } } },
    async (request) => ok(await stats.report(request.query.days)),
  );

  app.get(
    '/stats/:file',
    { schema: { params: Type.Object({ file: Type.String({ maxLength: 40 }) }), querystring: StatsQuery } },
    async (request, reply) => {
      const table = /^(\w+)\.csv$/.exec(request.params.file)?.[1];
      if (!table || !CSV_NAMES.includes(table)) throw new AppError('notFound', zhCN.consoleStats.server.unknownTable);
      const { days } = request.query;
      const rows = await stats.csv(table as StatsCsv, days);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`统计-${table}-${days}天.csv`, `stats-${table}-${days}d.csv`))
        .send(toCsv(rows));
    },
  );
};
