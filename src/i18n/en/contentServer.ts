import type { Translation } from '../translation';
import type { contentServer as zh } from '../zh-CN/contentServer';
import { plural } from './plural';

/** Server texts of the blog content API, importer and exporter (issue 4). */
export const contentServer = {
  invalidId: (what: string) => `${what} ID must be a positive whole number`,
  invalidPage: 'The page number must be a positive whole number',
  invalidPageSize: (max: number) => `Items per page must be between 1 and ${max}`,
  article: 'Article',
  category: 'Category',
  tag: 'Tag',
  album: 'Album',
  talk: 'Note',
  message: 'Message',
  reply: 'Reply',
  link: 'Blogroll link',
  user: 'User',
  articleNotFound: 'Article not found',
  categoryNotFound: 'Category not found',
  tagNotFound: 'Tag not found',
  albumNotFound: 'Album not found',
  talkNotFound: 'Note not found',
  messageNotFound: 'Message not found',
  replyNotFound: 'Reply not found',
  linkNotFound: 'Blogroll link not found',
  keywordEmpty: 'Enter something to search for',
  keywordTooLong: (max: number) => `Searches can’t be longer than ${plural(max, 'character')}`,
  keywordInvalid: 'The search contains invalid characters',
  invalidDuration: (max: number) => `Reading time must be a whole number of seconds from 1 to ${max}`,
  invalidSide: 'The resource type must be front or back',
  messageEmpty: 'Your message is empty',
  messageTooLong: (max: number) => `Messages can’t be longer than ${plural(max, 'character')}`,
  invalidColor: 'Colors must be in #RRGGBB format',
  invalidBackground: 'The background must be an image uploaded to this site',
  talkEmpty: 'The note is empty',
  talkTooLong: (max: number) => `Notes can’t be longer than ${plural(max, 'character')}`,
  invalidImage: 'Only images uploaded to this site can be used',
  tooManyImages: (max: number) => `You can add at most ${plural(max, 'image')}`,
  notMessageOwner: 'You can only edit or delete your own messages',
  replyEmpty: 'Your reply is empty',
  replyTooLong: (max: number) => `Replies can’t be longer than ${plural(max, 'character')}`,
  notReplyManager: 'You can only delete your own replies, or replies to your own messages',
  linkNameRequired: 'Please enter the site name',
  tooLong: (field: string, max: number) => `${field} can’t be longer than ${plural(max, 'character')}`,
  linkName: 'Site name',
  linkDescription: 'Site description',
  linkUrl: 'Site address',
  linkAvatar: 'Avatar URL',
  linkUrlInvalid: 'The site address must start with http:// or https://',
  linkAvatarInvalid: 'The avatar must be an image uploaded to this site',
  linkDuplicate: 'This site has already asked to join the blogroll. Please wait for the review.',
  notify: {
    articlePublished: (title: string) => `New article: “${title}”. Take a look!`,
    talkPublished: (excerpt: string) => `New note: ${excerpt}`,
    messageLiked: (nickName: string, excerpt: string) => `${nickName} liked your message “${excerpt}”`,
    messageReplied: (nickName: string, excerpt: string, reply: string) =>
      `${nickName} replied to your message “${excerpt}”: ${reply}`,
  },
  feed: {
    description: (siteName: string) => `The latest articles from ${siteName}`,
    pageTitle: (title: string, siteName: string) => `${title} - ${siteName}`,
  },
  importer: {
    fileProblem: (file: string, problem: string) => `${file}: ${problem}`,
    malformedFrontMatter: (detail: string) => `Malformed front matter: ${detail}`,
    missingTitle: 'Missing a title (title)',
    invalidField: (field: string, value: string) => `Invalid value for ${field}: ${value}`,
    unreadableFile: (detail: string) => `Can’t read the file: ${detail}`,
    unreadableImage: (reference: string, detail: string) => `Can’t read the image ${reference} (${detail})`,
    noMarkdown: (target: string) => `No Markdown files found: ${target}`,
    outsideFolder: (reference: string) =>
      `${reference} is outside the imported folder and won’t be read (use --root to allow a larger folder)`,
    notAnImage: (reference: string) =>
      `${reference} isn’t an image that can be published (JPG, PNG, WebP, GIF, AVIF and script-free SVG only)`,
    usage:
      'Usage: npm run import -- [--root <folder the images come from>] [--permalink <Hexo permalink pattern>] [--uploads <WordPress uploads folder>] [--as <administrator user name>] [--guestbook <guestbook page address>] [--dry-run] <folder, Markdown file, WordPress export XML or comment export…>',
    exportUsage: 'Usage: npm run export -- <target folder>',
    progress: 'Importing',
    created: (file: string) => `Added    ${file}`,
    updated: (file: string) => `Updated  ${file}`,
    failed: (file: string) => `Failed   ${file}`,
    summary: (created: number, updated: number, failed: number) =>
      `Import finished: ${created} added, ${updated} updated, ${failed} failed`,
    exported: (count: number, folder: string) => `Exported ${plural(count, 'article')} to ${folder}`,
    notAnObject: 'Front matter must be written as “key: value” pairs',
    missingMedia: (url: string) => `Media file missing; the link was left as is: ${url}`,
    missingImage: (reference: string) => `Image ${reference} not found: the article was imported without it`,
    missingPost: (reference: string) =>
      `The linked article ${reference} wasn’t found (it isn’t among the imported files, or failed to import); the link was left as is`,
    linkingFailed: (detail: string) =>
      `The article was imported, but its links to other articles couldn’t be updated: ${detail}`,
    unknownShortcodes: (list: string) =>
      `Shortcodes or tag plugins that couldn’t be converted, shown as written: ${list}`,
    shortcodeCount: (name: string, count: number) => `${name} ×${count}`,
    report: {
      warnings: 'Articles worth a look:',
      unknown: 'Shortcodes and tag plugins that couldn’t be converted (shown as written in the articles):',
      unknownLine: (name: string, count: number, posts: number) =>
        `${name}: ${plural(count, 'use')} in ${plural(posts, 'article')}`,
    },
    /** The WordPress (WXR) import (issue 49). */
    wxr: {
      passwordProtected: 'The post had a password: imported as hidden, not shown to readers',
      scheduled: (at: string) => `The post was scheduled: imported as scheduled (${at})`,
      trashed: "The post was in WordPress's trash: imported into the bin",
      pagesCategory: 'Pages',
      page: 'A WordPress page: imported into the "Pages" category',
      missingUpload: (url: string) => `This picture is not in the uploads folder; the link is kept: ${url}`,
      remoteImage: (url: string) => `The picture still points at the old site; the link is kept (name the uploads folder with --uploads to copy it): ${url}`,
      malformed: (detail: string) => `Malformed WordPress export: ${detail}`,
      item: (title: string, id: string) => `${title || '(untitled)'} (ID ${id})`,
      dryRun: 'Dry run: this is what the import would do; nothing was written',
      dryRunMarkdown: '--dry-run works for WordPress exports only for now: import a Markdown folder directly (importing again only updates)',
      skipped: (kind: string, count: number) => `Skipped ${count} items of type ${kind} (attachments, menus, revisions are no posts)`,
      comments: (count: number, pingbacks: number) =>
        `The export holds ${count} comments (${pingbacks} pingbacks/trackbacks): this run imports the posts; import comments with the comment import`,
    },
    /** Words the importer writes into converted posts. */
    shortcodes: {
      callout: { info: 'Note', tip: 'Tip', warning: 'Caution', danger: 'Warning' },
      expand: 'Expand',
      tab: (n: number) => `Tab ${n}`,
    },
    toml: {
      atLine: (line: number, problem: string) => `Line ${line}: ${problem}`,
      unparsable: (detail: string) => `Can’t be parsed (${detail})`,
    },
  },
  /** Importing another system's comments: Twikoo, Waline, Valine, Artalk, Disqus (issue 49). */
  commentImport: {
    anonymous: 'Anonymous',
    picture: 'picture',
    noId: 'A comment without an ID was not imported',
    badTime: (id: string) => `Comment ${id}: its time cannot be read; not imported`,
    noPage: (id: string) => `Comment ${id}: no page address; not imported`,
    emptyComment: (id: string) => `Comment ${id} is empty; not imported`,
    notARecord: (index: number) => `Record ${index} is not a comment; not imported`,
    badXml: (detail: string) => `Malformed XML: ${detail}`,
    unknownFile: (file: string) => `The format of ${file} is not recognised: comments are imported from Twikoo, Waline, Valine (LeanCloud) and Artalk JSON exports and Disqus XML exports`,
    noAdministrator: "There is no administrator account: the blogger's comments need one to belong to",
    unknownAdministrator: (username: string) => `No administrator has the user name ${username} (--as)`,
    systems: { twikoo: 'Twikoo', waline: 'Waline', valine: 'Valine', artalk: 'Artalk', disqus: 'Disqus' },
    reading: (file: string, system: string) => `Reading ${file} (${system} export)`,
    dryRun: 'Dry run: this is what would be imported; nothing was written',
    added: (added: number, waiting: number) =>
      `Comments: ${added} imported${waiting > 0 ? ` (${waiting} waiting for review in the console)` : ''}`,
    board: (count: number) => `Message board: ${count} comments of the guestbook page imported`,
    existing: (count: number) => `Already imported earlier, skipped: ${count}`,
    owner: (count: number, nickName: string) => `${count} comments by the blogger now belong to the administrator ${nickName}`,
    skipped: (spam: number, deleted: number) => `Not imported: ${spam} spam, ${deleted} deleted`,
    counters: (count: number) => `Views: ${count} articles brought their old view counts`,
    refused: (count: number) => `${count} malformed records not imported:`,
    unmatched: (count: number) =>
      `${count} comments have no matching article (not imported yet, or the address differs; import the articles, then the comments again):`,
    unmatchedLine: (page: string, comments: number) => `${page}: ${comments}`,
  },
  /** What the importer says about front matter it reads differently from the source blog (issue 49). */
  frontMatter: {
    categoriesAsTags: (names: string) => `An article here has one category: the other categories ${names} were imported as tags`,
  },
} as const satisfies Translation<typeof zh>;
