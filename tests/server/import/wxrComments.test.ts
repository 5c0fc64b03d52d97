import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPageDto, CommentReplyPageDto } from '../../../src/protocol/comments';
import type { ConsoleCommentPageDto } from '../../../src/protocol/console/comments';
import { wxrBatches } from '../../../server/adapters/import/wxr/wxrBatches';
import { WxrImporter, type WxrImportResult } from '../../../server/adapters/import/wxr/wxrImporter';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import { startCommentSite, type CommentSite } from '../comments/support';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { comment, wxr, type Post } from './wxrFixture';

/** A reader's comment at `minute`, the old blog's owner (account 1, a post author) when `owner`. */
const by = (id: number, parent: number, minute: number, author: string, owner = false, approved = '1') =>
  comment(id, parent, '', approved, { author, minute, content: `<p>${author} 的第 ${id} 条</p>`, email: owner ? 'owner@old.example' : `${id}@example.com`, url: 'example.org', ...(owner ? { userId: 1 } : {}) });

/** A thread ten deep (201 → 210, the owner answering at 205), and around it what must stay out or wait. */
const DEEP = Array.from({ length: 10 }, (_, i) => by(201 + i, i === 0 ? 0 : 200 + i, i, i === 4 ? '博主' : `读者${i + 1}`, i === 4));
const POSTS: Post[] = [
  {
    id: 21,
    title: '十层的讨论',
    comments: [
      ...DEEP,
      // A registered reader (an account that wrote no post) is a guest here.
      comment(211, 0, '', '1', { author: '注册读者', minute: 20, userId: 7 }),
      comment(212, 0, 'pingback', '1', { author: '别的博客', minute: 21 }),
      by(213, 201, 22, 'spammer', false, 'spam'),
      by(214, 0, 23, '删除者', false, 'trash'),
      by(215, 0, 24, '等待者', false, '0'),
    ].join(''),
  },
  { id: 22, title: '留言板', slug: 'guestbook', type: 'page', comments: [by(301, 0, 30, '访客'), by(302, 301, 31, '博主', true)].join('') },
];

describe.each(await backends())('a WordPress export with its comments on $name', (backend) => {
  let s: CommentSite;
  let folder: string;
  let file: string;
  let importer: WxrImporter;
  beforeAll(async () => {
    if (backend.skipReason) return;
    s = await startCommentSite(backend.name);
    folder = temporaryFolder('blog-wxr-comments-');
    file = path.join(folder, 'export.xml');
    fs.writeFileSync(file, wxr(POSTS));
    importer = new WxrImporter({ batch: wxrBatches(s.db), media: new LocalMediaStore(path.join(folder, 'media')) });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  const test = it.skipIf(backend.skipReason !== undefined);
  const articleId = (result: WxrImportResult, title: string) => {
    const outcome = result.outcomes.find((o) => o.status !== 'failed' && o.title === title);
    return outcome && outcome.status !== 'failed' ? outcome.id : 0;
  };

  test('threads any depth into one level with @replies, the owner as the administrator, the guestbook to the board; again adds nothing', async () => {
    const rows = async () => ({
      comments: await s.db.db.selectFrom('comment').select('id').execute(),
      articles: await s.db.db.selectFrom('article').select('id').execute(),
      board: await s.db.db.selectFrom('board_message').select('id').execute(),
    });
    const before = await rows();
    const dry = await importer.importFile(file, { dryRun: true });
    expect(await rows()).toEqual(before);

    const result = await importer.importFile(file);
    expect(result.commentReport).toEqual(dry.commentReport);
    expect(result).toMatchObject({ comments: 17, pingbacks: 1, refusedComments: [] });
    expect(result.commentReport).toMatchObject({ added: 12, waiting: 1, board: 2, existing: 0, owner: 2, skipped: { spam: 1, deleted: 1 }, unmatched: [] });

    const id = articleId(result, '十层的讨论');
    const page = await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${id}&order=oldest`, undefined, { cookie: s.admin });
    expect(page.list.map((c) => c.author.nickName)).toEqual(['读者1', '注册读者']);
    const [top] = page.list;
    expect(top!.html).toBe('<p>读者1 的第 201 条</p>');
    expect(top!.createdAt).toBe('2021-05-07T00:00:00.000Z');
    expect(top!.author.site).toBe('http://example.org');
    expect(top!.replyCount).toBe(9);
    // Every reply of the ten-deep thread under its first comment, in order, answering its real parent.
    const replies = (await s.done<CommentReplyPageDto>('GET', `/api/comment/replies/${top!.id}`, undefined, { cookie: s.admin })).list;
    expect(replies.map((r) => [r.author.nickName, r.replyTo?.nickName ?? null, r.parentId])).toEqual([
      ['读者2', null, top!.id],
      ['读者3', '读者2', top!.id],
      ['读者4', '读者3', top!.id],
      [expect.any(String), '读者4', top!.id],
      ['读者6', expect.any(String), top!.id],
      ['读者7', '读者6', top!.id],
      ['读者8', '读者7', top!.id],
      ['读者9', '读者8', top!.id],
      ['读者10', '读者9', top!.id],
    ]);
    const owner = replies[3]!;
    expect(owner.author.admin).toBe(true);
    expect(owner.author.userId).not.toBeNull();
    expect(replies[4]!.replyTo?.nickName).toBe(owner.author.nickName);
    expect(page.list[1]!.author).toMatchObject({ admin: false, userId: null });

    const queue = await s.done<ConsoleCommentPageDto>('GET', '/api/admin/comments?status=pending&size=100', undefined, { cookie: s.admin });
    expect(queue.list.filter((c) => c.target.id === id).map((c) => c.content)).toEqual(['等待者 的第 215 条']);
    const board = await s.db.db.selectFrom('board_message').select(['nick_name', 'content', 'user_id']).where('import_key', 'like', 'wordpress:%').orderBy('id').execute();
    expect(board.map((b) => [b.nick_name, b.content, b.user_id === null])).toEqual([
      ['访客', '访客 的第 301 条', true],
      [expect.any(String), '@访客 博主 的第 302 条', false],
    ]);

    const again = await importer.importFile(file);
    expect(again.outcomes.every((o) => o.status === 'updated')).toBe(true);
    expect(again.commentReport).toMatchObject({ added: 0, board: 0, existing: 14 });
    expect((await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${id}`)).count).toBe(11);
  });

  test('refuses an administrator --as names that is not there, writing nothing', async () => {
    const before = await s.db.db.selectFrom('comment').select('id').execute();
    await expect(importer.importFile(file, { comments: { as: { username: 'nobody' } } })).rejects.toThrow('nobody');
    expect(await s.db.db.selectFrom('comment').select('id').execute()).toEqual(before);
  });
});
