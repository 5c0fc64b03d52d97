/**
 * Sent with a copy the offline worker fetches by itself (a page the reader already opened, kept for
 * reading offline): the server does not count it as a visit.
 */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';
