import fs from 'node:fs';
import { SaxesParser } from 'saxes';
import { ImportProblem } from '../../../domain/content/frontMatter';
import { contentMessages } from '../../../domain/content/messages';

/** A comment as WordPress exports it (`<wp:comment>`). */
export interface WxrComment {
  id: string;
  author: string;
  email: string;
  url: string;
  /** `wp:comment_date_gmt`, else the local `wp:comment_date`. */
  date: string;
  dateGmt: string;
  content: string;
  /** '1' approved, '0' waiting, 'spam', 'trash'. */
  approved: string;
  /** '' for a comment, 'pingback', 'trackback'. */
  type: string;
  /** '0' for a top-level comment. */
  parent: string;
  userId: string;
  /** Written from an account that wrote posts (the export's `wp:author`s): the old blog's owner. */
  byAuthor: boolean;
}

/** One `<item>`: a post, page, attachment or anything else WordPress keeps as a post. */
export interface WxrItem {
  title: string;
  link: string;
  postId: string;
  postDate: string;
  postDateGmt: string;
  modifiedGmt: string;
  modified: string;
  commentStatus: string;
  postName: string;
  status: string;
  postType: string;
  password: string;
  sticky: boolean;
  attachmentUrl: string;
  content: string;
  excerpt: string;
  /** `<category domain="category|post_tag|tag" nicename="…">name</category>`, in order. */
  terms: { domain: string; nicename: string; name: string }[];
  meta: Map<string, string>;
  comments: WxrComment[];
}

const ITEM_FIELDS: Record<string, keyof WxrItem> = {
  title: 'title',
  link: 'link',
  'wp:post_id': 'postId',
  'wp:post_date': 'postDate',
  'wp:post_date_gmt': 'postDateGmt',
  'wp:post_modified': 'modified',
  'wp:post_modified_gmt': 'modifiedGmt',
  'wp:comment_status': 'commentStatus',
  'wp:post_name': 'postName',
  'wp:status': 'status',
  'wp:post_type': 'postType',
  'wp:post_password': 'password',
  'wp:attachment_url': 'attachmentUrl',
  'content:encoded': 'content',
  'excerpt:encoded': 'excerpt',
};

const COMMENT_FIELDS: Record<string, keyof WxrComment> = {
  'wp:comment_id': 'id',
  'wp:comment_author': 'author',
  'wp:comment_author_email': 'email',
  'wp:comment_author_url': 'url',
  'wp:comment_date': 'date',
  'wp:comment_date_gmt': 'dateGmt',
  'wp:comment_content': 'content',
  'wp:comment_approved': 'approved',
  'wp:comment_type': 'type',
  'wp:comment_parent': 'parent',
  'wp:comment_user_id': 'userId',
};

function emptyItem(): WxrItem {
  return {
    title: '', link: '', postId: '', postDate: '', postDateGmt: '', modifiedGmt: '', modified: '', commentStatus: '',
    postName: '', status: '', postType: '', password: '', sticky: false, attachmentUrl: '', content: '', excerpt: '',
    terms: [], meta: new Map(), comments: [],
  };
}

function emptyComment(): WxrComment {
  return { id: '', author: '', email: '', url: '', date: '', dateGmt: '', content: '', approved: '', type: '', parent: '0', userId: '0', byAuthor: false };
}

/** The start of a file says whether it is a WordPress export (WXR 1.0–1.2), whatever its name. */
export async function isWxrFile(file: string): Promise<boolean> {
  // A folder of Markdown posts, or a path that is not there, is no export (the Markdown importer says why).
  if (!(await fs.promises.stat(file).catch(() => undefined))?.isFile()) return false;
  const handle = await fs.promises.open(file, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    return /<rss[\s>]/.test(head) && /xmlns:wp="http:\/\/wordpress\.org\/export\/1\.[0-2]\/"/.test(head);
  } finally {
    await handle.close();
  }
}

/**
 * The items of a WXR file, one at a time, read as a stream: only the item being read and those parsed from
 * the current chunk are held, so a 10 000-post export costs no more memory than a small one. A malformed
 * file throws with the parser's line and column.
 */
export async function* readWxrItems(file: string): AsyncGenerator<WxrItem> {
  const parser = new SaxesParser({ xmlns: false });
  const ready: WxrItem[] = [];
  let item: WxrItem | undefined;
  let comment: WxrComment | undefined;
  let metaKey = '';
  let term: { domain: string; nicename: string } | undefined;
  let text = '';
  let failure: Error | undefined;
  // The channel lists the post authors before the items: their comments are the owner's.
  const authors = new Set<string>();

  parser.on('opentag', (tag) => {
    text = '';
    if (tag.name === 'item') item = emptyItem();
    else if (item && tag.name === 'wp:comment') comment = emptyComment();
    else if (item && !comment && tag.name === 'category') {
      const attribute = (name: string) => {
        const value = tag.attributes[name];
        return typeof value === 'string' ? value : '';
      };
      term = { domain: attribute('domain'), nicename: attribute('nicename') };
    }
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name;
    if (!item) {
      if (name === 'wp:author_id') authors.add(text.trim());
      return;
    }
    if (comment) {
      const field = COMMENT_FIELDS[name];
      if (field) (comment[field] as string) = text.trim();
      else if (name === 'wp:comment') {
        comment.byAuthor = comment.userId !== '0' && comment.userId !== '' && authors.has(comment.userId);
        item.comments.push(comment);
        comment = undefined;
      }
    } else if (name === 'item') {
      ready.push(item);
      item = undefined;
    } else if (name === 'category' && term) {
      item.terms.push({ ...term, name: text.trim() });
      term = undefined;
    } else if (name === 'wp:meta_key') metaKey = text.trim();
    else if (name === 'wp:meta_value') item.meta.set(metaKey, text);
    else if (name === 'wp:is_sticky') item.sticky = text.trim() === '1';
    else {
      const field = ITEM_FIELDS[name];
      if (field === 'content' || field === 'excerpt') item[field] = text;
      else if (field) (item[field] as string) = text.trim();
    }
    text = '';
  });
  parser.on('error', (error) => {
    failure ??= new ImportProblem(contentMessages.importer.wxr.malformed(error.message));
  });

  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    parser.write(chunk as string);
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  }
  parser.close();
  if (failure) throw failure;
  while (ready.length > 0) yield ready.shift()!;
}
