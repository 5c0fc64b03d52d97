import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPageDto } from '../../../src/protocol/comments';
import type { ConsoleCommentPageDto } from '../../../src/protocol/console/comments';
import type { ArticleDetailDto } from '../../../src/protocol/content';
import { KyselyCommentImportStore } from '../../../server/adapters/db/commentImportStore';
import { KyselyCommentRepository } from '../../../server/adapters/db/commentRepository';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../../../server/adapters/db/content/oldAddressRepository';
import { readCommentExport } from '../../../server/adapters/import/comments/readExport';
import type { CommentSystem } from '../../../server/adapters/import/comments/record';
import { detectImport } from '../../../server/adapters/import/detectImport';
import { createCommentRenderer } from '../../../server/adapters/markdown/commentRenderer';
import { CommentImport } from '../../../server/domain/comments/commentImport';
import { articleFromFrontMatter } from '../../../server/domain/content/frontMatter';
import { startCommentSite, type CommentSite } from '../comments/support';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';

const OWNER_EMAIL = 'owner@old-blog.example';

/** One comment of the old blog, as every system's fixture writes it in its own format. */
interface Old {
  id: string;
  parent?: string;
  page: 'post' | 'gone' | 'guestbook';
  nick: string;
  email?: string;
  text: string;
  minute: number;
  state?: 'waiting' | 'spam' | 'deleted';
  likes?: number;
  owner?: boolean;
}

/**
 * The same old conversation for every system: a thread four deep with the owner's answer at the bottom, a
 * spam reply, a comment waiting for review, a deleted comment with a reply, one on a page never imported,
 * and a guestbook exchange. A system without a state leaves its comment out of the fixture.
 */
const CONVERSATION: Old[] = [
  { id: '101', page: 'post', nick: '张三', email: 'zhang@example.com', text: '第一条评论', minute: 0, likes: 3 },
  { id: '102', parent: '101', page: 'post', nick: '李四', text: '回复张三', minute: 1 },
  { id: '103', parent: '102', page: 'post', nick: '王五', text: '回复李四', minute: 2 },
  { id: '104', parent: '103', page: 'post', nick: '老博主', email: OWNER_EMAIL, text: '博主回复王五', minute: 3, owner: true },
  { id: '105', parent: '101', page: 'post', nick: 'spammer', text: '买买买', minute: 4, state: 'spam' },
  { id: '106', page: 'post', nick: '赵六', text: '等待审核的评论', minute: 5, state: 'waiting' },
  { id: '107', page: 'post', nick: '删除者', text: '被删掉的评论', minute: 6, state: 'deleted' },
  { id: '108', parent: '107', page: 'post', nick: '孙七', text: '回复被删的评论', minute: 7 },
  { id: '109', page: 'gone', nick: '路人', text: '没导入的文章', minute: 8 },
  { id: '110', page: 'guestbook', nick: '周八', text: '留言板上的话', minute: 9 },
  { id: '111', parent: '110', page: 'guestbook', nick: '老博主', email: OWNER_EMAIL, text: '谢谢来访', minute: 10, owner: true },
];

const STATES: Record<CommentSystem, readonly string[]> = {
  twikoo: ['spam'],
  waline: ['spam', 'waiting'],
  valine: ['spam'],
  artalk: ['waiting'],
  disqus: ['spam', 'deleted'],
};

const at = (minute: number) => new Date(Date.UTC(2021, 2, 1, 10, minute)).toISOString();
const pathOf = (system: string, page: Old['page']) =>
  page === 'post' ? `/posts/${system}-post/` : page === 'gone' ? '/posts/gone/' : '/guestbook/';
const html = (text: string) => `<p><strong>${text}</strong></p>`;

/** The conversation in one system's export format. */
function exportOf(system: CommentSystem): string {
  const comments = CONVERSATION.filter((c) => c.state === undefined || STATES[system].includes(c.state));
  const url = (c: Old) => pathOf(system, c.page);
  switch (system) {
    case 'twikoo':
      return JSON.stringify([
        ...comments.map((c) => ({
          _id: c.id,
          nick: c.nick,
          mail: c.email ?? '',
          link: 'example.org',
          url: url(c),
          href: `https://old.example.com${url(c)}`,
          comment: html(c.text),
          pid: c.parent ?? null,
          rid: c.parent ? '101' : null,
          isSpam: c.state === 'spam',
          master: c.owner ?? false,
          like: Array.from({ length: c.likes ?? 0 }, (_, i) => `u${i}`),
          created: Date.parse(at(c.minute)),
        })),
        { _id: 'counter1', url: url({ page: 'post' } as Old), time: 1234, title: '旧文章' },
      ]);
    case 'waline':
      return JSON.stringify({
        type: 'waline',
        version: 1,
        time: 0,
        tables: ['Comment', 'Counter', 'Users'],
        data: {
          Comment: comments.map((c) => ({
            objectId: c.id,
            nick: c.nick,
            mail: c.owner ? OWNER_EMAIL : (c.email ?? ''),
            link: 'https://example.org',
            url: url(c),
            comment: `**${c.text}**`,
            pid: c.parent ?? '',
            rid: c.parent ? '101' : '',
            status: c.state ?? 'approved',
            like: c.likes ?? 0,
            user_id: c.owner ? 'admin1' : undefined,
            insertedAt: at(c.minute),
          })),
          Counter: [{ objectId: 'k1', url: url({ page: 'post' } as Old), time: 1234 }],
          Users: [{ objectId: 'admin1', display_name: '老博主', email: 'someone-else@example.com', type: 'administrator' }],
        },
      });
    case 'valine':
      // LeanCloud's newer export: one JSON object a line.
      return comments
        .map((c) =>
          JSON.stringify({
            objectId: c.id,
            nick: c.nick,
            mail: c.email ?? '',
            link: 'https://example.org',
            url: url(c),
            comment: html(c.text),
            pid: c.parent ?? '',
            rid: c.parent ? '101' : '',
            isSpam: c.state === 'spam',
            insertedAt: { __type: 'Date', iso: at(c.minute) },
          }),
        )
        .join('\n');
    case 'artalk':
      return JSON.stringify(
        comments.map((c) => ({
          id: c.id,
          rid: c.parent ?? '0',
          content: `**${c.text}**`,
          nick: c.nick,
          email: c.email ?? '',
          link: 'https://example.org',
          badge_name: c.owner ? '管理员' : '',
          is_pending: String(c.state === 'waiting'),
          vote_up: String(c.likes ?? 0),
          created_at: at(c.minute).replace('T', ' ').replace(/\.000Z$/, ' +0000'),
          page_key: `https://old.example.com${url(c)}`,
        })),
      );
    case 'disqus': {
      const pages = ['post', 'gone', 'guestbook'] as const;
      return [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals">',
        ...pages.map(
          (page, i) =>
            `<thread dsq:id="t${i}"><id>${page}-identifier</id><link>https://old.example.com${pathOf(system, page)}</link><title>${page}</title><author><name>x</name></author></thread>`,
        ),
        ...comments.map(
          (c) =>
            `<post dsq:id="${c.id}"><id/><message><![CDATA[${html(c.text)}]]></message><createdAt>${at(c.minute).replace('.000', '')}</createdAt>` +
            `<isDeleted>${c.state === 'deleted'}</isDeleted><isSpam>${c.state === 'spam'}</isSpam>` +
            `<author><email>${c.owner ? OWNER_EMAIL : (c.email ?? '')}</email><name>${c.nick}</name><isAnonymous>false</isAnonymous></author>` +
            `<thread dsq:id="t${pages.indexOf(c.page)}"/>${c.parent ? `<parent dsq:id="${c.parent}"/>` : ''}</post>`,
        ),
        '</disqus>',
      ].join('\n');
    }
  }
}

const SYSTEMS: CommentSystem[] = ['twikoo', 'waline', 'valine', 'artalk', 'disqus'];

describe.each(await backends())('importing comment exports on $name', (backend) => {
  let s: CommentSite;
  let folder: string;
  let importer: CommentImport;
  const articleIds = new Map<CommentSystem, number>();

  beforeAll(async () => {
    if (backend.skipReason) return;
    s = await startCommentSite(backend.name);
    folder = temporaryFolder('blog-comments-');
    // The blogger's account carries the old blog's email: Valine and Disqus know the owner only by it.
    await s.db.db.updateTable('user_account').set({ email: OWNER_EMAIL }).where('role', '=', 1).execute();
    const articles = new KyselyArticleRepository(s.db.db, s.db.dialect);
    for (const system of SYSTEMS) {
      const draft = articleFromFrontMatter({
        data: { title: `${system} 的旧文章`, slug: `${system}-post` },
        body: '正文\n',
        relativePath: `${system}-post.md`,
        fallbackDate: '2021-01-01T00:00:00.000Z',
      });
      articleIds.set(system, (await articles.upsert(draft)).id);
    }
    importer = new CommentImport({
      comments: new KyselyCommentRepository(s.db.db, s.db.dialect),
      store: new KyselyCommentImportStore(s.db.db),
      renderer: createCommentRenderer(),
    });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const test = it.skipIf(backend.skipReason !== undefined);

  const importFile = async (system: CommentSystem, options: { dryRun?: boolean } = {}) => {
    const file = path.join(folder, system === 'disqus' ? 'export.xml' : `${system}.json`);
    fs.writeFileSync(file, exportOf(system));
    // Known by its content, whatever the name says.
    expect(await detectImport(file)).toEqual({ kind: 'comments', system });
    const read = await readCommentExport(file, system);
    expect(read.refused).toEqual([]);
    return importer.run(read, options);
  };

  test.each(SYSTEMS)('%s: threads of any depth become one level with @replies, the owner is the administrator, spam and deleted stay out', async (system) => {
    const articleId = articleIds.get(system)!;
    const dry = await importFile(system, { dryRun: true });
    expect((await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${articleId}`)).count).toBe(0);

    const report = await importFile(system);
    expect(report).toEqual(dry);
    const states = STATES[system];
    expect(report).toMatchObject({
      added: 4 + (states.includes('waiting') ? 1 : 0) + 1,
      waiting: states.includes('waiting') ? 1 : 0,
      board: 2,
      existing: 0,
      owner: 2,
      skipped: { spam: states.includes('spam') ? 1 : 0, deleted: states.includes('deleted') ? 1 : 0 },
      unmatched: [{ page: system === 'twikoo' ? '/posts/gone/' : system === 'disqus' || system === 'artalk' ? 'https://old.example.com/posts/gone/' : '/posts/gone/', comments: 1 }],
    });

    const page = await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${articleId}&order=oldest`, undefined, { cookie: s.admin });
    expect(page.count).toBe(5);
    const [first, orphan] = page.list;
    expect(first!.author.nickName).toBe('张三');
    expect(first!.html).toBe('<p><strong>第一条评论</strong></p>');
    expect(first!.likes).toBe(['twikoo', 'waline', 'artalk'].includes(system) ? 3 : 0);
    expect(first!.createdAt).toBe(at(0));
    // A direct answer to the thread's first comment carries no @ (as when written here).
    expect(first!.replies.map((r) => [r.author.nickName, r.replyTo?.nickName ?? null, r.parentId])).toEqual([
      ['李四', null, first!.id],
      ['王五', '李四', first!.id],
      [expect.any(String), '王五', first!.id],
    ]);
    const ownerReply = first!.replies[2]!;
    expect(ownerReply.author).toMatchObject({ admin: true, site: '' });
    expect(ownerReply.author.userId).not.toBeNull();
    // A reply to a deleted comment stands on its own; the waiting one is not listed.
    expect(orphan!.author.nickName).toBe('孙七');
    expect(page.list).toHaveLength(2);
    const queue = await s.done<ConsoleCommentPageDto>('GET', '/api/admin/comments?status=pending&size=100', undefined, { cookie: s.admin });
    expect(queue.list.filter((c) => c.target.id === articleId).map((c) => c.content)).toEqual(states.includes('waiting') ? ['**等待审核的评论**'] : []);

    const board = await s.db.db
      .selectFrom('board_message')
      .select(['content', 'nick_name', 'user_id'])
      .where('import_key', 'like', `${system}:%`)
      .orderBy('id')
      .execute();
    expect(board.map((b) => [b.nick_name, b.content, b.user_id === null])).toEqual([
      ['周八', '**留言板上的话**', true],
      [expect.any(String), '@周八 **谢谢来访**', false],
    ]);

    // Importing the same export again adds nothing.
    const again = await importFile(system);
    expect(again).toMatchObject({ added: 0, board: 0, existing: report.added + report.board });
    expect((await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${articleId}`)).count).toBe(5);
  });

  test('finds the article by an old address its import remembered (a WordPress-style /archives/ID.html)', async () => {
    const { id } = await new KyselyArticleRepository(s.db.db, s.db.dialect).upsert(
      articleFromFrontMatter({ data: { title: '老地址的文章' }, body: '正文\n', relativePath: 'old-address.md', fallbackDate: '2021-01-01T00:00:00.000Z' }),
    );
    await new KyselyOldAddressRepository(s.db.db).remember(id, ['/archives/123.html']);
    const file = path.join(folder, 'old-address.json');
    fs.writeFileSync(file, JSON.stringify([{ _id: 'x1', nick: '读者', url: '/archives/123.html', comment: '<p>还记得</p>', created: 1_600_000_000_000 }]));
    const report = await importer.run(await readCommentExport(file, 'twikoo'));
    expect(report).toMatchObject({ added: 1, unmatched: [] });
    const page = await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${id}`);
    expect(page.list.map((c) => c.content)).toEqual(['还记得']);
  });

  test('view counters from Waline and Twikoo come along, never lowering a count', async () => {
    for (const system of ['waline', 'twikoo'] as const) {
      const article = await s.done<ArticleDetailDto>('GET', `/api/article/getArticleById/${articleIds.get(system)!}`);
      expect(article.views, system).toBeGreaterThanOrEqual(1234);
    }
  });
});
