import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as zhCN from '../../../../../src/i18n/zh-CN';
import { BackupQuery, IMPORT_MAX_ZIP_BYTES, ImportQuery, ImportReportDto } from '../../../../../src/protocol/console/transfer';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import { AppError } from '../../../../domain/errors';
import type { SiteTransfer } from '../../../transfer/siteTransfer';
import { attachment } from '../../contentDisposition';
import { ok } from '../../envelope';
import { requireFreshProof } from '../../auth';

const text = zhCN.consoleTransfer.server;
const zipTooLarge = () => new AppError('payloadTooLarge', text.zipTooLarge(IMPORT_MAX_ZIP_BYTES / (1024 * 1024)));

/** Writes the request's one file part to `file`: refuses none, two, or one over the size limit. */
async function receiveZip(request: FastifyRequest, file: string): Promise<void> {
  let received = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (received) throw new AppError('invalid', text.oneFile);
      await pipeline(part.file, fs.createWriteStream(file));
      if (part.file.truncated) throw zipTooLarge();
      received = true;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw zipTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('invalid', text.oneFile);
    throw error;
  }
  if (!received) throw new AppError('invalid', text.missingFile);
}

/** The server's date and time for a download's name: 2026-05-01-0930. */
function stamp(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}`;
}

/** 导入导出: a zip of posts in, the Markdown export and the backup archive out (downloads, streamed). */
export const transferRoutes: FastifyPluginAsyncTypebox<{ transfer: SiteTransfer }> = async (app, { transfer }) => {
  // Two files are let through the parser so that a second one is seen and refused, not dropped.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_ZIP_BYTES, files: 2, fields: 10, parts: 12 } });

  app.post('/transfer/import', { schema: { querystring: ImportQuery, response: { 200: envelopeOf(ImportReportDto) } } }, async (request) => {
    if (!request.isMultipart()) throw new AppError('invalid', text.missingFile);
    return ok(await transfer.importZip((file) => receiveZip(request, file), { by: request.user?.id, dryRun: request.query.dryRun ?? false }));
  });

  // Downloads answer GET only: a HEAD must not make a whole export or backup to throw away.
  app.get('/transfer/export', { exposeHeadRoute: false }, async (request, reply) => {
    requireFreshProof(request);
    const zip = await transfer.exportZip();
    const when = stamp(new Date());
    return reply
      .header('content-disposition', attachment(text.exportFileName(when), `blog-export-${when}.zip`))
      .header('cache-control', 'no-store')
      .type('application/zip')
      .send(zip);
  });

  app.get(
    '/transfer/backup',
    { exposeHeadRoute: false, schema: { querystring: BackupQuery } },
    async (request, reply) => {
      requireFreshProof(request);
      const archive = transfer.backup(request.query.music ?? true);
      const when = stamp(new Date());
      return reply
        .header('content-disposition', attachment(text.backupFileName(when), `blog-backup-${when}.backup`))
        .header('cache-control', 'no-store')
        .type('application/octet-stream')
        .send(archive);
    },
  );
};
