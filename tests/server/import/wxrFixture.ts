/** A WordPress export (WXR) written by the tests: items, comments, the channel around them. */

export const SITE = 'https://old.example.com';
export interface Post {
  id: number;
  title: string;
  slug?: string;
  type?: string;
  status?: string;
  content?: string;
  password?: string;
  sticky?: boolean;
  commentStatus?: string;
  terms?: string;
  meta?: Record<string, string>;
  comments?: string;
  attachmentUrl?: string;
  date?: string;
}

export const cdata = (value: string) => `<![CDATA[${value}]]>`;

export function item(post: Post): string {
  const slug = post.slug ?? `post-${post.id}`;
  const date = post.date ?? '2021-05-06 07:08:09';
  return `<item>
<title>${cdata(post.title)}</title>
<link>${SITE}/${date.slice(0, 4)}/${date.slice(5, 7)}/${encodeURIComponent(slug)}/</link>
<pubDate>Thu, 06 May 2021 07:08:09 +0000</pubDate>
<dc:creator>${cdata('owner')}</dc:creator>
<guid isPermaLink="false">${SITE}/?p=${post.id}</guid>
<content:encoded>${cdata(post.content ?? '')}</content:encoded>
<excerpt:encoded>${cdata('')}</excerpt:encoded>
<wp:post_id>${post.id}</wp:post_id>
<wp:post_date>${cdata(date)}</wp:post_date>
<wp:post_date_gmt>${cdata(post.status === 'draft' ? '0000-00-00 00:00:00' : date)}</wp:post_date_gmt>
<wp:comment_status>${cdata(post.commentStatus ?? 'open')}</wp:comment_status>
<wp:post_name>${cdata(encodeURIComponent(slug))}</wp:post_name>
<wp:status>${cdata(post.status ?? 'publish')}</wp:status>
<wp:post_parent>0</wp:post_parent>
<wp:post_type>${cdata(post.type ?? 'post')}</wp:post_type>
<wp:post_password>${cdata(post.password ?? '')}</wp:post_password>
<wp:is_sticky>${post.sticky ? 1 : 0}</wp:is_sticky>
${post.attachmentUrl ? `<wp:attachment_url>${cdata(post.attachmentUrl)}</wp:attachment_url>` : ''}
${post.terms ?? ''}
${Object.entries(post.meta ?? {})
  .map(([key, value]) => `<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>`)
  .join('\n')}
${post.comments ?? ''}
</item>`;
}

/** One `<wp:comment>`; `minute` orders them in time, `userId` names an account of the old blog. */
export function comment(
  id: number,
  parent: number,
  type = '',
  approved = '1',
  more: { author?: string; email?: string; url?: string; userId?: number; minute?: number; content?: string } = {},
): string {
  const minute = String(more.minute ?? 0).padStart(2, '0');
  return `<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_author>${cdata(more.author ?? '读者')}</wp:comment_author>
<wp:comment_author_email>${cdata(more.email ?? 'r@example.com')}</wp:comment_author_email><wp:comment_author_url>${cdata(more.url ?? '')}</wp:comment_author_url>
<wp:comment_date>${cdata(`2021-05-07 08:${minute}:00`)}</wp:comment_date><wp:comment_date_gmt>${cdata(`2021-05-07 00:${minute}:00`)}</wp:comment_date_gmt>
<wp:comment_content>${cdata(more.content ?? '评论')}</wp:comment_content><wp:comment_approved>${cdata(approved)}</wp:comment_approved>
<wp:comment_type>${cdata(type)}</wp:comment_type><wp:comment_parent>${parent}</wp:comment_parent><wp:comment_user_id>${more.userId ?? 0}</wp:comment_user_id></wp:comment>`;
}

/** The export around its items; `authors` are the `wp:author` ids (accounts that wrote posts). */
export function wxr(posts: Post[], version = '1.2', authors: number[] = [1]): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/${version}/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
 xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/${version}/">
<channel>
<title>旧博客</title>
<link>${SITE}</link>
<wp:wxr_version>${version}</wp:wxr_version>
<wp:base_site_url>${SITE}</wp:base_site_url>
${authors.map((id) => `<wp:author><wp:author_id>${id}</wp:author_id><wp:author_login>${cdata(`user${id}`)}</wp:author_login></wp:author>`).join('\n')}
${posts.map(item).join('\n')}
</channel>
</rss>
`;
}

