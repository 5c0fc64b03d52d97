import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { messages } from '../../../../domain/messages';
import { requireAdmin } from '../../auth';
import { failure } from '../../envelope';

/** Where every console call lives; nothing outside this prefix serves the console. */
export const ADMIN_API_PREFIX = '/api/admin';

/** The services the console's calls act through; each area registers its routes when its service is given. */
export interface AdminServices {}

/**
 * The console's calls, one plugin under `/api/admin`. Its first hook refuses anyone but an administrator
 * (401 for a visitor, 403 for a user), so no route can forget the check; a path that does not exist answers
 * the same refusal before its 404, so the console's calls cannot be discovered from outside.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminServices> = async (app) => {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  app.setNotFoundHandler(async (request, reply) => {
    requireAdmin(request);
    return reply.status(404).send(failure(404, messages.notFound));
  });
};
