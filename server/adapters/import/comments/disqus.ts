import fs from 'node:fs';
import { SaxesParser } from 'saxes';
import { contentMessages } from '../../../domain/content/messages';
import { collect, commentOf, markdownOfHtml, yes, type CommentExport } from './record';

const text = contentMessages.commentImport;

interface Post {
  id: string;
  fields: Record<string, string>;
  thread: string;
  parent: string;
}

/**
 * Disqus's XML export, streamed (it can be large): `<thread dsq:id>` elements name each page (its `<link>`
 * and the site's own `<id>` identifier), `<post dsq:id>` elements are the comments, with `<message>` in
 * HTML, `<parent dsq:id>` the comment answered, `<isDeleted>` and `<isSpam>`, and the author's name and email.
 */
export async function readDisqus(file: string): Promise<CommentExport> {
  const threads = new Map<string, string[]>();
  const posts: Post[] = [];
  const parser = new SaxesParser({ xmlns: false });
  /** The open elements' names (local parts), innermost last. */
  const path: string[] = [];
  let thread: { id: string; link: string; identifier: string } | undefined;
  let post: Post | undefined;
  let textOf = '';
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    const dsqId = String(tag.attributes['dsq:id'] ?? '');
    if (path.length === 1 && name === 'thread') thread = { id: dsqId, link: '', identifier: '' };
    else if (path.length === 1 && name === 'post') post = { id: dsqId, fields: {}, thread: '', parent: '' };
    else if (post && path.length === 2 && name === 'thread') post.thread = dsqId;
    else if (post && path.length === 2 && name === 'parent') post.parent = dsqId;
    path.push(name);
    textOf = '';
  });
  const onText = (chunk: string) => {
    textOf += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const name = path.pop()!;
    const key = path.length >= 2 ? `${path.slice(2).join('.')}${path.length > 2 ? '.' : ''}${name}` : name;
    if (thread && path.length === 2) {
      if (name === 'link') thread.link = textOf.trim();
      if (name === 'id') thread.identifier = textOf.trim();
    } else if (post && path.length >= 2) post.fields[key] = textOf;
    if (path.length === 1 && name === 'thread' && thread) {
      // The WordPress Disqus plugin names a thread `<post id> <permalink>`: the post's `/?p=ID` finds it too.
      const wordpress = /^(\d+) \S+$/.exec(thread.identifier);
      threads.set(thread.id, wordpress ? [thread.link, `/?p=${wordpress[1]}`] : [thread.link, thread.identifier]);
      thread = undefined;
    } else if (path.length === 1 && name === 'post' && post) {
      posts.push(post);
      post = undefined;
    }
  });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8' })) {
    parser.write(chunk as string);
    if (failure) break;
  }
  if (!failure) parser.close();
  if (failure) throw new Error(text.badXml(failure.message));

  return collect('disqus', posts, (record) => {
    const { id, fields, thread: threadId, parent } = record as unknown as Post;
    const deleted = yes(fields.isDeleted?.trim());
    return commentOf({
      sourceId: id,
      parentId: parent,
      page: threads.get(threadId) ?? [],
      nickName: fields['author.name'],
      email: fields['author.email'],
      site: '',
      content: markdownOfHtml(fields.message ?? ''),
      time: fields.createdAt,
      state: deleted ? 'deleted' : yes(fields.isSpam?.trim()) ? 'spam' : 'approved',
      likes: 0,
      owner: false,
    });
  });
}
