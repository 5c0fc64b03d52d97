import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AuditPageDto, AuditQuery } from '../../../../../src/protocol/console/audit';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import type { AuditLog } from '../../../../domain/audit/auditLog';
import { toCsv } from '../../../../domain/stats/csv';
import { attachment } from '../../contentDisposition';
import { ok } from '../../envelope';

const CsvQuery = Type.Omit(AuditQuery, ['current', 'size']);

/** 操作日志: the log's pages and its CSV download. Nothing here or anywhere else edits or deletes an entry. */
export const auditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditLog }> = async (app, { audit }) => {
  app.get('/audit', { schema: { querystring: AuditQuery, response: { 200: envelopeOf(AuditPageDto) } } }, async (request) =>
    ok(await audit.page(request.query)),
  );

  app.get('/audit.csv', { schema: { querystring: CsvQuery } }, async (request, reply) => {
    const rows = await audit.csv(request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment('操作日志.csv', 'audit-log.csv'))
      .send(toCsv(rows));
  });
};
