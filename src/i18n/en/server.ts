import type { Translation } from '../translation';
import type { server as zh } from '../zh-CN/server';

export const server = {
  siteNotConfigured: 'The site hasn’t been set up yet',
  invalidJson: 'The request body isn’t valid JSON',
  invalidRequest: 'Invalid request parameters',
  bodyTooLarge: 'The request body is too large',
  notFound: 'That API endpoint doesn’t exist',
  methodNotAllowed: 'That request method isn’t supported',
  rateLimited: 'Too many requests. Please try again shortly.',
  unexpected: 'Something went wrong on our end. Please try again shortly.',
  unsupportedMediaType: 'Unsupported request content type',
  invalidCharacters: 'The request contains invalid characters',
  illFormedText: 'The request contains broken Unicode characters (lone surrogates). Please check it and try again.',
  nestedTooDeep: 'The request is nested too deeply',
  imageNotFound: 'Image not found',
  mediaNotFound: 'File not found',
  imageWidthUnsupported: 'That image width isn’t supported',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  databaseTimeout: 'The server is busy and the request timed out. Please try again shortly.',
  diskFull: 'The server’s storage is full, so nothing can be saved right now. Please try again later.',
  notReady: (names: string) => `Not ready: ${names} did not answer`,
  dependencyNames: { database: 'database', redis: 'Redis', media: 'media store' },
  metricsForbidden: 'Not allowed to read the metrics: send the right Authorization: Bearer token',
} as const satisfies Translation<typeof zh>;
