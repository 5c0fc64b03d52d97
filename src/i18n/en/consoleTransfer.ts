import type { Translation } from '../translation';
import type { consoleTransfer as zh } from '../zh-CN/consoleTransfer';
import { plural } from './plural';

/** The console's import and export page and its calls (issue 21, "Import and export in the browser"). */
export const consoleTransfer = {
  title: 'Import & export',
  import: {
    heading: 'Import articles',
    hint: 'Upload a zip of a Hexo, Hugo or Jekyll blog folder (or just the folder holding the posts, or a zip exported from this page). Local images the posts use are imported too; importing the same post again updates it. A WordPress export (.xml) can be uploaded too, comments included; zip it together with its wp-content/uploads folder and the pictures are copied as well, otherwise they stay links and the report lists them.',
    commentsHint:
      "Once the posts are in, upload your old comment system's export too: Twikoo, Waline, Valine (LeanCloud) or Artalk JSON, Disqus XML. Comments go under the articles by their old addresses, the blogger's comments become yours, and importing again adds no duplicates.",
    limits: (zipMb: number, unzippedMb: number, files: number) =>
      `Zip up to ${zipMb} MB; unzipped, up to ${unzippedMb} MB and ${plural(files, 'file')}`,
    choose: 'Choose a zip file',
    dropHere: 'or drop a zip file here',
    uploading: (percent: number) => `Uploading ${percent}%`,
    importing: 'Importing…',
    checking: 'Checking what would come in…',
    confirm: 'Import',
    cancel: 'Cancel',
    again: 'Import another',
    notZipName: "Choose a .zip file (a Halo backup too), a WordPress export (.xml), a Typecho backup (.dat) or a comment system's .json / .xml export",
  },
  report: {
    heading: 'Import report',
    layout: { hexo: 'Hexo blog', hugo: 'Hugo blog', jekyll: 'Jekyll blog', folder: 'Markdown folder', wordpress: 'WordPress export', comments: 'Comment export', typecho: 'Typecho backup', halo: 'Halo backup' },
    readFrom: (layout: string, folders: string) => `Read with the ${layout} layout: ${folders}`,
    commentsFrom: (system: string) => `${system} comment export`,
    topFolder: 'the top of the zip',
    created: 'Added',
    updated: 'Updated',
    failed: 'Not imported',
    count: (n: number) => plural(n, 'article'),
    file: 'File',
    article: 'Article',
    result: 'Result',
    edit: 'Edit',
    view: 'View',
    warnings: 'Worth a look',
    unknown: 'Shortcodes and tag plugins that couldn’t be converted (shown as written in the articles)',
    unknownLine: (name: string, count: number, posts: number) =>
      `${name}: ${plural(count, 'use')} in ${plural(posts, 'article')}`,
    dryRun: 'This is a dry run: nothing is written yet. If it looks right, click Import.',
    comments: 'Comments',
  },
  export: {
    heading: 'Export articles',
    hint: 'Export every article (drafts and hidden ones included) as Markdown files with front matter, plus the images they use, in one zip. You can import the zip again here or with npm run import.',
    download: 'Download Markdown export',
  },
  backup: {
    heading: 'Back up the whole site',
    hint: 'Download a full backup: the database, uploaded media and the music library, the same file npm run backup writes. Restore it on a new, empty site with npm run restore.',
    withMusic: 'Include music files',
    download: 'Download backup',
  },
  /** The calls' refusals and the downloads' names. */
  server: {
    missingFile: 'Choose a zip file to upload',
    oneFile: 'Upload one zip file at a time',
    zipTooLarge: (mb: number) => `Zip files can’t be larger than ${mb} MB`,
    notAZip: 'The uploaded file isn’t a zip file',
    emptyZip: 'The zip file is empty',
    damagedZip: 'The zip file is damaged or incomplete and can’t be unzipped',
    encrypted: 'The zip file is password-protected. Remove the password and upload it again.',
    unsupportedCompression:
      'The zip file uses an unsupported compression method. Re-zip it in the standard zip format.',
    unsafePath: (name: string) => `Import refused: “${name}” in the zip points outside its folder`,
    symlink: (name: string) => `Import refused: “${name}” in the zip is a symbolic link`,
    tooManyFiles: (max: number) =>
      `Import refused: the zip holds more than ${plural(max, 'file')}. Zip only the folders with your posts and images.`,
    tooLarge: (mb: number) => `Import refused: the zip unpacks to more than ${mb} MB`,
    noPosts: 'The zip has no Markdown posts (.md or .markdown files)',
    importBusy: 'Another import is running. Try again when it’s done.',
    exportFileName: (date: string) => `blog-articles-${date}.zip`,
    backupFileName: (date: string) => `blog-backup-${date}.backup`,
  },
} as const satisfies Translation<typeof zh>;
