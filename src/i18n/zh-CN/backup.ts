import { localised } from '../language';

/** Backup, restore and shutdown (issue 12): the `backup`/`restore` commands and the draining server. */
export const backup = localised('backup', {
  backupUsage: '用法：npm run backup -- <备份文件> [--without-music-files]',
  restoreUsage: '用法：npm run restore -- <备份文件>，或 npm run restore -- --from-bucket（存储桶里最新的定时备份）',
  noBucketBackup: '存储桶的 backups/ 下没有定时备份（需要 MEDIA_STORE=s3，并用过 BACKUP_TARGET=bucket）',
  stage: { database: '数据库', media: '媒体文件', music: '音乐文件', verify: '校验备份', extract: '解包文件', rows: '写入数据' } as Record<string, string>,
  backedUp: (file: string, size: string, seconds: string) => `备份完成：${file}（${size}，用时 ${seconds} 秒）`,
  backupCounts: (rows: number, media: number, music: number, musicIncluded: boolean) =>
    `共 ${rows} 行数据、${media} 个媒体文件、${musicIncluded ? `${music} 个音乐文件` : '不含音乐文件'}`,
  restored: (seconds: string) => `还原完成，用时 ${seconds} 秒。现在可以启动站点了`,
  archiveMissing: (file: string) => `找不到备份文件：${file}`,
  foreign: '这不是本站的备份文件，已拒绝还原（没有改动任何数据）',
  damaged: '备份文件已损坏（内容不完整或校验和不符），已拒绝还原（没有改动任何数据）',
  newerFormat: (version: number) => `备份文件的格式版本（${version}）比本程序新，请先升级程序再还原`,
  newerSchema: (migration: string) => `备份中的数据库结构（${migration}）比本程序新，请先升级程序再还原`,
  schemaMismatch: (archive: string, current: string) =>
    `备份中的数据库结构（${archive}）与本程序（${current}）不一致：换数据库还原时两者必须相同，请用备份时的程序版本还原后再升级`,
  databaseFileExists: (file: string) => `数据目录里已有站点数据库 ${file}：只能还原到空的数据目录，请换一个新目录（DATA_DIR）`,
  folderNotEmpty: (dir: string) => `${dir} 里已有文件：只能还原到空的数据目录，请换一个新目录或先清空它`,
  databaseNotEmpty: (table: string, rows: number) => `目标数据库不是空的（表 ${table} 已有 ${rows} 行）：只能还原到空数据库，请新建一个数据库`,
  rolledBack: '还原中途失败，已撤销这次还原写入的数据和文件',
  shuttingDown: '服务器正在重启或维护，请稍后再试',
  migrateUsage: '用法：npm run media:migrate -- <to-bucket|to-local>（需设置 MEDIA_STORE=s3 及 S3_* 变量）',
  migrateNeedsBucket: '请先设置 MEDIA_STORE=s3 和 S3_ENDPOINT、S3_BUCKET 等变量：迁移需要知道目标存储桶',
  migrated: (part: string, copied: number, skipped: number) => `${part}：复制 ${copied} 个文件，${skipped} 个已存在且相同，跳过`,
  migrateMismatch: (key: string) => `复制后的文件与原文件大小不符：${key}（原文件保留，请重试）`,
  gcUsage: '用法：npm run media:gc [-- --dry-run]（--dry-run：只列出将删除的文件和大小，不删除）',
  gcNoSite: '这个数据库里没有网站的数据（没有网站设置），拒绝清理媒体文件：请检查 DATABASE_URL 和 DATA_DIR 是否指向站点正在使用的数据库',
  gcWouldDelete: (key: string, size: string) => `将删除 ${key}（${size}）`,
  gcDone: (examined: number, objects: number, size: string, variants: number, variantSize: string, graceHours: number) =>
    `清理完成：检查了 ${examined} 个媒体文件，删除 ${objects} 个没有被任何内容引用、上传超过 ${graceHours} 小时的文件（${size}）和 ${variants} 个缩略图（${variantSize}）`,
  gcDryRun: (examined: number, objects: number, size: string, variants: number, variantSize: string, graceHours: number) =>
    `试运行：检查了 ${examined} 个媒体文件，将删除 ${objects} 个没有被任何内容引用、上传超过 ${graceHours} 小时的文件（${size}）和 ${variants} 个缩略图（${variantSize}），没有删除任何文件`,
  scheduledFailed: (reason: string) => `定时备份失败：${reason}。请检查备份目录的空间和权限；站点照常运行，下次按计划再试`,
  /** A command-line tool that met a dependency's failure: what to do about it, with the system's own reason. */
  faults: {
    diskFull: '磁盘空间不足，未完成的文件已删除，请释放空间后重试',
    unavailable: '无法连接数据库，请确认它已启动后重试',
    timeout: '数据库响应超时，请稍后重试',
  },
} as const);
