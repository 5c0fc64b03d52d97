import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type AppErrorKind } from '../../domain/errors';
import { messages } from '../../domain/messages';
import { failure } from './envelope';
import { REAUTH_REQUIRED_CODE } from '../../../src/protocol/codes';
import { dependencyFault, type DependencyFault } from '../faults';

const STATUS: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  reauthenticate: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  rateLimited: 429,
  unavailable: 502,
  timeout: 504,
  refused: 200,
};

/** Fastify's own errors (parsing, validation, limits) by code, translated for readers. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return messages.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return messages.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return messages.unsupportedMediaType;
    default: {
      const issue = error.validation?.[0];
      const missing = issue?.params && 'missingProperty' in issue.params ? String(issue.params.missingProperty) : '';
      const field = missing || issue?.instancePath?.replace(/^\//, '') || '';
      return field ? `${messages.invalidRequest}：${field}` : messages.invalidRequest;
    }
  }
}

/** What a request that met a dependency's failure is answered: the site is down for it, not broken. */
const FAULT_ANSWERS: Record<DependencyFault, { status: number; message: string }> = {
  unavailable: { status: 503, message: messages.serviceUnavailable },
  timeout: { status: 503, message: messages.databaseTimeout },
  diskFull: { status: 507, message: messages.diskFull },
};

/** The one place where an exception becomes a response: always the envelope, never a stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const status = STATUS[error.kind];
      const code = status === 200 ? error.code : error.kind === 'reauthenticate' ? REAUTH_REQUIRED_CODE : status;
      return reply.status(status).send(failure(code, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(failure(429, error.message || messages.rateLimited));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(failure(status, frameworkMessage(error)));
    }
    const fault = dependencyFault(error);
    if (fault) {
      // One line without a stack: during an outage every request meets the same failure.
      request.log.warn({ fault, reason: error.message }, 'dependency fault');
      const answer = FAULT_ANSWERS[fault];
      return reply.status(answer.status).header('retry-after', '5').send(failure(answer.status, answer.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(failure(500, messages.unexpected));
  });
}
