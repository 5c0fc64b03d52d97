/**
 * The English catalogue: the same areas as the Chinese one (src/i18n/zh-CN.ts), each shaped by
 * `Translation<typeof zh-CN area>`. The Chinese remains the default; import this whole as a namespace too.
 */
export * from './en/readerAreas';
export * from './en/consoleAreas';
// Only the server speaks these (backups, the music library's scans).
export { backup } from './en/backup';
export { musicServer } from './en/musicServer';
