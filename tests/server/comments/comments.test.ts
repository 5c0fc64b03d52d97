import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import {
  COMMENT_PAGE_SIZE,
  type CommentDeletedDto,
  type CommentDto,
  type CommentPageDto,
  type CommentReplyPageDto,
  type LikeStateDto,
  type TalkLikeStateDto,
} from '../../../src/protocol/comments';
import type {
  ArticleDetailDto,
  ArticlePageDto,
  HotArticleDto,
  TalkDto,
  TalkPageDto,
} from '../../../src/protocol/content';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { articleFromFrontMatter } from '../../../server/domain/content/frontMatter';
import { rawGet } from '../cache/support';
import { backends } from '../support/databases';
import { startCommentSite, type CommentSite } from './support';

const text = zhCN.commentsServer;
const account = zhCN.account.server;

describe.each(await backends())('comments on $name', (backend) => {
  let s: CommentSite;

  beforeAll(async () => {
    if (backend.skipReason) return;
    s = await startCommentSite(backend.name);
  });
  afterAll(async () => s?.close());

  const test = it.skipIf(backend.skipReason !== undefined);

  const post = (body: object, cookie?: string, address?: string) =>
    s.call<CommentDto>('POST', '/api/comment/add', body, {
      ...(cookie ? { cookie } : {}),
      ...(address ? { address } : {}),
    });
  const onArticle = (content: string, extra: object = {}) => ({
    targetType: 'article',
    targetId: s.articleId,
    content,
    ...extra,
  });
  const page = (type: string, id: number, query = '', cookie?: string) =>
    s.done<CommentPageDto>(
      'GET',
      `/api/comment/list?type=${type}&id=${id}${query}`,
      undefined,
      cookie ? { cookie } : {},
    );
  const articleCount = async () =>
    (await s.done<ArticleDetailDto>('GET', `/api/article/getArticleById/${s.articleId}`)).comment_count;

  /** A public article of its own for a test, so counts and pages are the test's alone. */
  const freshArticle = async (): Promise<number> => {
    const home = await s.done<ArticlePageDto>('GET', '/api/article/blogHomeGetArticleList/1/50');
    const used = new Set(usedArticles);
    const free = home.list.find((a) => !used.has(a.id) && a.id !== s.articleId);
    if (!free) throw new Error('the demo content ran out of articles');
    usedArticles.push(free.id);
    return free.id;
  };
  const usedArticles: number[] = [];

  test('a signed-in reader comments at once: the comment is listed, rendered safely, and counted everywhere', async () => {
    const articleId = await freshArticle();
    const reader = await s.reader('小读者');
    const before = (await s.done<ArticleDetailDto>('GET', `/api/article/getArticleById/${articleId}`)).comment_count;
    // The home page and the hot list as the hot path keeps them in memory: only the comment's change may drop them.
    const kept = async () => ({
      home: (
        JSON.parse((await rawGet(`${s.site.url}/api/article/blogHomeGetArticleList/1/20`)).body) as {
          result: ArticlePageDto;
        }
      ).result,
      hot: (JSON.parse((await rawGet(`${s.site.url}/api/article/getHotArticle`)).body) as { result: HotArticleDto[] })
        .result,
    });
    const cached = await kept();
    expect(cached.home.list.find((a) => a.id === articleId)?.comment_count).toBe(before);
    const answer = await post(
      {
        targetType: 'article',
        targetId: articleId,
        content: '**好文** <script>alert(1)</script> [x](javascript:alert(1)) https://example.com',
      },
      reader.cookie,
    );
    expect(answer.status).toBe(200);
    const comment = answer.body.result;
    expect(comment).toMatchObject({
      targetType: 'article',
      targetId: articleId,
      parentId: null,
      replyTo: null,
      status: 'approved',
      deleted: false,
      likes: 0,
      liked: false,
      canDelete: true,
      author: { userId: reader.id, nickName: '小读者', site: '', admin: false },
    });
    expect(comment.html).toContain('<strong>好文</strong>');
    expect(comment.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(comment.html).not.toMatch(/<script|href="javascript/i);
    expect(comment.html).toContain('<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">');

    const listed = await page('article', articleId, '', reader.cookie);
    expect(listed.list[0]).toMatchObject({ id: comment.id, replyCount: 0, replies: [], canDelete: true });
    expect(listed.count).toBe(before + 1);
    // Another reader sees it, without the right to delete it.
    expect((await page('article', articleId)).list[0]).toMatchObject({ id: comment.id, canDelete: false });
    expect((await s.done<ArticleDetailDto>('GET', `/api/article/getArticleById/${articleId}`)).comment_count).toBe(
      before + 1,
    );
    const fresh = await kept();
    expect(fresh.home.list.find((a) => a.id === articleId)?.comment_count).toBe(before + 1);
    const hot = fresh.hot;
    expect(hot.length).toBeGreaterThan(0);
    for (const entry of hot) {
      const detail = await s.done<ArticleDetailDto>('GET', `/api/article/getArticleById/${entry.id}`);
      expect(entry.comment_count).toBe(detail.comment_count);
    }
  });

  test('answers a comment on a missing, hidden or draft article, or a hidden talk, with 404 and a Chinese message', async () => {
    const reader = await s.reader();
    const hiddenArticle = await freshArticle();
    const draftArticle = await freshArticle();
    await s.db.db.updateTable('article').set({ status: 'hidden' }).where('id', '=', hiddenArticle).execute();
    await s.db.db.updateTable('article').set({ status: 'draft' }).where('id', '=', draftArticle).execute();
    const talks = await s.done<TalkPageDto>('GET', '/api/talk/blogGetTalkList/1/50');
    const hiddenTalk = talks.list[talks.list.length - 1]!.id;
    await s.db.db.updateTable('talk').set({ hidden: 1 }).where('id', '=', hiddenTalk).execute();
    try {
      for (const [type, id, what] of [
        ['article', 999_999, text.article],
        ['article', hiddenArticle, text.article],
        ['article', draftArticle, text.article],
        ['talk', hiddenTalk, text.talk],
        ['talk', 999_999, text.talk],
      ] as const) {
        const refusal = { status: 404, body: { code: 404, result: null, message: text.targetNotFound(what) } };
        expect(await post({ targetType: type, targetId: id, content: '你好' }, reader.cookie), `${type} ${id}`).toEqual(
          refusal,
        );
        expect(await s.call('GET', `/api/comment/list?type=${type}&id=${id}`)).toEqual(refusal);
      }
      expect(await s.call('PUT', `/api/talk/like/${hiddenTalk}`, { liked: true })).toMatchObject({ status: 404 });
      expect(await post(onArticle('回复不存在的评论', { replyTo: 999_999 }), reader.cookie)).toEqual({
        status: 404,
        body: { code: 404, result: null, message: text.commentNotFound },
      });
    } finally {
      await s.db.db.updateTable('talk').set({ hidden: 0 }).where('id', '=', hiddenTalk).execute();
    }
  });

  test.each([
    [{ content: '   ' }, text.contentEmpty],
    [{ content: '字'.repeat(1001) }, text.contentTooLong(1000)],
    [{ content: '[1](https://a.cn) [2](https://b.cn) https://c.cn <https://d.cn>' }, text.tooManyLinks(3)],
    [{ targetType: 'photo' }, `${zhCN.server.invalidRequest}：targetType`],
    [{ targetId: 0 }, zhCN.contentServer.invalidId(text.article)],
    [{ replyTo: -3 }, zhCN.contentServer.invalidId(text.comment)],
  ])('refuses a post %j with 400 and a Chinese message', async (change, message) => {
    if (backend.skipReason) return;
    const reader = await s.reader();
    expect(await post({ ...onArticle('正常的内容'), ...change }, reader.cookie)).toEqual({
      status: 400,
      body: { code: 400, result: null, message },
    });
  });

  test('counts a comment of 1000 characters (an emoji is one) as allowed', async () => {
    const reader = await s.reader();
    expect((await post(onArticle(`${'😀'.repeat(500)}${'字'.repeat(500)}`), reader.cookie)).status).toBe(200);
  });

  test('refuses bad list queries with 400 and a Chinese message', async () => {
    for (const [query, message] of [
      [`type=article&id=${s.articleId}&order=hot`, text.invalidOrder],
      [`type=article&id=${s.articleId}&cursor=abc`, text.invalidCursor],
      [`type=user&id=1`, text.invalidTarget],
      [`type=talk&id=x`, zhCN.contentServer.invalidId(text.talk)],
    ]) {
      expect(await s.call('GET', `/api/comment/list?${query}`), query).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
    }
    const missing = await s.call('GET', '/api/comment/list?type=article');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  test('visitors may not comment until the administrator allows it; then they need a nickname and wait for review', async () => {
    const articleId = await freshArticle();
    const body = {
      targetType: 'article',
      targetId: articleId,
      content: '路过留言',
      nickName: '路人甲',
      email: 'walker@example.com',
      site: 'https://walker.example',
    };
    expect(await post(body)).toEqual({ status: 401, body: { code: 401, result: null, message: text.visitorsClosed } });
    expect((await page('article', articleId)).visitorsMayComment).toBe(false);

    await s.done(
      'PUT',
      '/api/admin/comments/settings',
      { visitorsMayComment: true, keywords: [] },
      { cookie: s.admin },
    );
    try {
      expect((await page('article', articleId)).visitorsMayComment).toBe(true);
      for (const [change, message] of [
        [{ nickName: '  ' }, text.nickNameRequired],
        [{ nickName: '名'.repeat(21) }, text.nickNameTooLong(20)],
        [{ email: 'not-an-email' }, text.emailInvalid],
        [{ site: 'javascript:alert(1)' }, text.siteInvalid],
      ] as const) {
        expect(await post({ ...body, ...change })).toEqual({ status: 400, body: { code: 400, result: null, message } });
      }
      const { nickName: _nickName, ...anonymous } = body;
      expect((await post(anonymous)).body.message).toBe(text.nickNameRequired);

      const answer = await post(body);
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({
        status: 'pending',
        author: { userId: null, nickName: '路人甲', site: 'https://walker.example' },
        canDelete: false,
      });
      const waiting = answer.body.result.id;
      expect((await page('article', articleId)).list.map((c) => c.id)).not.toContain(waiting);
      expect((await page('article', articleId)).count).toBe(0);
      // Nobody reaches a waiting comment: no reply, no like.
      const reader = await s.reader();
      expect((await post({ ...onArticle('回复'), targetId: articleId, replyTo: waiting }, reader.cookie)).status).toBe(
        404,
      );
      expect(
        (await s.call('PUT', `/api/comment/like/${waiting}`, { liked: true }, { cookie: reader.cookie })).status,
      ).toBe(404);

      const queue = await s.done<{ list: { id: number; author: { email: string } }[]; counts: { pending: number } }>(
        'GET',
        '/api/admin/comments?status=pending',
        undefined,
        { cookie: s.admin },
      );
      expect(queue.list.find((c) => c.id === waiting)?.author.email).toBe('walker@example.com');
      await s.done('PUT', `/api/admin/comments/${waiting}/status`, { status: 'approved' }, { cookie: s.admin });
      const after = await page('article', articleId);
      expect(after.list.map((c) => c.id)).toEqual([waiting]);
      expect(after.count).toBe(1);
      expect(await articleCountOf(articleId)).toBe(1);
      await s.done('PUT', `/api/admin/comments/${waiting}/status`, { status: 'spam' }, { cookie: s.admin });
      expect((await page('article', articleId)).list).toEqual([]);
      expect(await articleCountOf(articleId)).toBe(0);
    } finally {
      await s.done(
        'PUT',
        '/api/admin/comments/settings',
        { visitorsMayComment: false, keywords: [] },
        { cookie: s.admin },
      );
    }
  });

  const articleCountOf = async (id: number) =>
    (await s.done<ArticleDetailDto>('GET', `/api/article/getArticleById/${id}`)).comment_count;

  test("a comment matching the administrator's keywords waits for review, and the console says why", async () => {
    await s.done(
      'PUT',
      '/api/admin/comments/settings',
      { visitorsMayComment: false, keywords: [' 代开发票 ', 'CASINO', 'casino', ''] },
      { cookie: s.admin },
    );
    try {
      expect(await s.done('GET', '/api/admin/comments/settings', undefined, { cookie: s.admin })).toEqual({
        visitorsMayComment: false,
        keywords: ['代开发票', 'CASINO'],
      });
      const reader = await s.reader();
      const held = (await post(onArticle('最好的 Casino 在这里'), reader.cookie)).body.result;
      expect(held.status).toBe('pending');
      expect((await post(onArticle('正常的评论，没有关键词'), reader.cookie)).body.result.status).toBe('approved');
      const row = (
        await s.done<{ list: { id: number; matchedKeywords: string[] }[] }>(
          'GET',
          `/api/admin/comments?status=pending&keyword=casino`,
          undefined,
          {
            cookie: s.admin,
          },
        )
      ).list.find((c) => c.id === held.id);
      expect(row?.matchedKeywords).toEqual(['CASINO']);
      // The administrator's own comments never wait.
      expect((await post(onArticle('博主说：casino 是个例子'), s.admin)).body.result.status).toBe('approved');
    } finally {
      await s.done(
        'PUT',
        '/api/admin/comments/settings',
        { visitorsMayComment: false, keywords: [] },
        { cookie: s.admin },
      );
    }
    for (const [keywords, message] of [
      [['字'.repeat(51)], text.keywordEntryTooLong(50)],
      [Array.from({ length: 501 }, (_, i) => `词${i}`), text.tooManyKeywords(500)],
    ] as const) {
      expect(
        await s.call(
          'PUT',
          '/api/admin/comments/settings',
          { visitorsMayComment: false, keywords },
          { cookie: s.admin },
        ),
      ).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
    }
  });

  test('limits each user and each address to 5 comments a minute, and refuses the same text twice in a minute', async () => {
    const reader = await s.reader();
    for (let i = 1; i <= 5; i++) expect((await post(onArticle(`第 ${i} 条`), reader.cookie)).status).toBe(200);
    expect(await post(onArticle('第 6 条'), reader.cookie)).toEqual({
      status: 429,
      body: { code: 429, result: null, message: text.tooFast(5) },
    });

    const other = await s.reader();
    expect((await post(onArticle('同一句话'), other.cookie)).status).toBe(200);
    expect(await post(onArticle('同一句话'), other.cookie)).toEqual({
      status: 429,
      body: { code: 429, result: null, message: text.duplicate },
    });
    expect(await post(onArticle('  同一句话 '), other.cookie)).toMatchObject({ status: 429 });

    // Five different accounts from one address: the address is limited too.
    const address = '10.200.0.1';
    for (let i = 1; i <= 5; i++)
      expect((await post(onArticle(`同一地址 ${i}`), (await s.reader()).cookie, address)).status).toBe(200);
    expect(await post(onArticle('同一地址 6'), (await s.reader()).cookie, address)).toEqual({
      status: 429,
      body: { code: 429, result: null, message: text.tooFast(5) },
    });
  });

  test('threads: one level of replies, the first three with each comment and the rest page by page, @ for a reply to a reply', async () => {
    const articleId = await freshArticle();
    const alice = await s.reader('爱丽丝');
    const bob = await s.reader('鲍勃');
    const on = (content: string, extra: object = {}) => ({
      targetType: 'article',
      targetId: articleId,
      content,
      ...extra,
    });
    const top = (await post(on('顶层评论'), alice.cookie)).body.result;
    const replies: CommentDto[] = [];
    for (let i = 1; i <= 5; i++) {
      const author = i % 2 === 0 ? alice : bob;
      const answered = i === 4 ? replies[2]!.id : top.id;
      replies.push((await post(on(`回复 ${i}`, { replyTo: answered }), author.cookie)).body.result);
    }
    expect(replies[0]).toMatchObject({ parentId: top.id, replyTo: null });
    // Answering a reply joins the same thread and names whom it answers.
    expect(replies[3]).toMatchObject({ parentId: top.id, replyTo: { id: replies[2]!.id, nickName: '鲍勃' } });

    const first = await page('article', articleId);
    expect(first.count).toBe(6);
    expect(first.list).toHaveLength(1);
    expect(first.list[0]).toMatchObject({ id: top.id, replyCount: 5 });
    expect(first.list[0]!.replies.map((r) => r.content)).toEqual(['回复 1', '回复 2', '回复 3']);

    const rest = await s.done<CommentReplyPageDto>('GET', `/api/comment/replies/${top.id}?cursor=${replies[2]!.id}`);
    expect(rest).toMatchObject({ total: 5, nextCursor: null });
    expect(rest.list.map((r) => r.content)).toEqual(['回复 4', '回复 5']);
    const all = await s.done<CommentReplyPageDto>('GET', `/api/comment/replies/${top.id}`);
    expect(all.list.map((r) => r.id)).toEqual(replies.map((r) => r.id));
    expect((await s.call('GET', `/api/comment/replies/${replies[0]!.id}`)).status).toBe(404);

    // A reply to a comment of another article is refused.
    expect(await post(onArticle('错位的回复', { replyTo: top.id }), bob.cookie)).toEqual({
      status: 400,
      body: { code: 400, result: null, message: text.replyNotInTarget },
    });
  });

  test('pages ten threads at a time by cursor, newest or oldest first, unshifted by a comment posted meanwhile', async () => {
    const articleId = await freshArticle();
    const ids: number[] = [];
    // Four each: under the limit of five a minute per user.
    const authors = [await s.reader(), await s.reader(), await s.reader()];
    for (let i = 0; i < 12; i++) {
      ids.push(
        (await post({ targetType: 'article', targetId: articleId, content: `第 ${i} 楼` }, authors[i % 3]!.cookie)).body
          .result.id,
      );
    }
    const newest = await page('article', articleId);
    expect(newest.list.map((c) => c.id)).toEqual([...ids].reverse().slice(0, COMMENT_PAGE_SIZE));
    expect(newest.nextCursor).toBe(ids[2]);
    await post({ targetType: 'article', targetId: articleId, content: '插队' }, (await s.reader()).cookie);
    const second = await page('article', articleId, `&cursor=${newest.nextCursor}`);
    expect(second.list.map((c) => c.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();
    const oldest = await page('article', articleId, '&order=oldest');
    expect(oldest.list.map((c) => c.id)).toEqual(ids.slice(0, COMMENT_PAGE_SIZE));
    expect(oldest.count).toBe(13);
  });

  test('deleting: the author or the administrator; a comment with replies stays as 该评论已删除 until its replies go', async () => {
    const articleId = await freshArticle();
    const alice = await s.reader();
    const bob = await s.reader();
    const on = (content: string, extra: object = {}) => ({
      targetType: 'article',
      targetId: articleId,
      content,
      ...extra,
    });
    const lonely = (await post(on('没人回复的评论'), alice.cookie)).body.result;
    const top = (await post(on('有回复的评论'), alice.cookie)).body.result;
    const reply = (await post(on('一条回复', { replyTo: top.id }), bob.cookie)).body.result;
    expect(await articleCountOf(articleId)).toBe(3);

    expect(await s.call('DELETE', `/api/comment/delete/${lonely.id}`)).toEqual({
      status: 401,
      body: { code: 401, result: null, message: account.loginRequired },
    });
    expect(await s.call('DELETE', `/api/comment/delete/${lonely.id}`, undefined, { cookie: bob.cookie })).toEqual({
      status: 403,
      body: { code: 403, result: null, message: text.notYours },
    });
    expect(
      await s.done<CommentDeletedDto>('DELETE', `/api/comment/delete/${lonely.id}`, undefined, {
        cookie: alice.cookie,
      }),
    ).toEqual({
      id: lonely.id,
      kept: false,
      count: 2,
    });
    expect(
      (await s.call('DELETE', `/api/comment/delete/${lonely.id}`, undefined, { cookie: alice.cookie })).status,
    ).toBe(404);

    expect(
      await s.done<CommentDeletedDto>('DELETE', `/api/comment/delete/${top.id}`, undefined, { cookie: alice.cookie }),
    ).toEqual({
      id: top.id,
      kept: true,
      count: 1,
    });
    const shown = await page('article', articleId, '', bob.cookie);
    expect(shown.list.map((c) => c.id)).toEqual([top.id]);
    expect(shown.list[0]).toMatchObject({
      deleted: true,
      content: '',
      html: '',
      author: { userId: null, nickName: '', avatar: '' },
      canDelete: false,
      replyCount: 1,
    });
    expect(shown.list[0]!.replies.map((r) => r.id)).toEqual([reply.id]);
    // Nobody answers a deleted comment.
    expect((await post(on('再回复', { replyTo: top.id }), bob.cookie)).status).toBe(404);

    // The administrator deletes anyone's reply; the placeholder then has nothing to hold and goes too.
    expect(
      await s.done<CommentDeletedDto>('DELETE', `/api/comment/delete/${reply.id}`, undefined, { cookie: s.admin }),
    ).toEqual({
      id: reply.id,
      kept: false,
      count: 0,
    });
    expect((await page('article', articleId)).list).toEqual([]);
    expect(await articleCountOf(articleId)).toBe(0);
  });

  test('likes: one per user, taken back at will; a visitor is one liker a day per address and browser', async () => {
    const reader = await s.reader();
    const comment = (await post(onArticle('点赞测试'), reader.cookie)).body.result;
    const like = (liked: boolean, caller: object) =>
      s.done<LikeStateDto>('PUT', `/api/comment/like/${comment.id}`, { liked }, caller);
    expect(await like(true, { cookie: reader.cookie })).toEqual({ likes: 1, liked: true });
    expect(await like(true, { cookie: reader.cookie })).toEqual({ likes: 1, liked: true });
    const other = await s.reader();
    expect(await like(true, { cookie: other.cookie })).toEqual({ likes: 2, liked: true });
    expect(await like(false, { cookie: other.cookie })).toEqual({ likes: 1, liked: false });
    const visitor = { address: '10.201.0.7', userAgent: 'Mozilla/5.0 测试' };
    expect(await like(true, visitor)).toEqual({ likes: 2, liked: true });
    expect(await like(true, visitor)).toEqual({ likes: 2, liked: true });
    expect(await like(true, { ...visitor, userAgent: 'another browser' })).toEqual({ likes: 3, liked: true });
    const seen = async (caller: object) =>
      (
        await s.done<CommentPageDto>('GET', `/api/comment/list?type=article&id=${s.articleId}`, undefined, caller)
      ).list.find((c) => c.id === comment.id);
    expect(await seen({ cookie: reader.cookie })).toMatchObject({ likes: 3, liked: true });
    expect(await seen(visitor)).toMatchObject({ liked: true });
    expect(await seen({ cookie: other.cookie })).toMatchObject({ liked: false });
    expect(
      (await s.call('PUT', `/api/comment/like/${comment.id}`, { liked: 'yes' }, { cookie: reader.cookie })).status,
    ).toBe(400);
  });

  test('talks can be liked once per user, and their cards show likes and comment counts', async () => {
    const reader = await s.reader();
    const talkOf = () => s.done<TalkDto>('GET', `/api/talk/getTalkById/${s.talkId}`);
    const before = await talkOf();
    expect(
      await s.done<LikeStateDto>('PUT', `/api/talk/like/${s.talkId}`, { liked: true }, { cookie: reader.cookie }),
    ).toEqual({
      likes: before.likes + 1,
      liked: true,
    });
    expect(
      await s.done<LikeStateDto>('PUT', `/api/talk/like/${s.talkId}`, { liked: true }, { cookie: reader.cookie }),
    ).toMatchObject({ likes: before.likes + 1 });
    expect(
      await s.done<TalkLikeStateDto[]>(
        'POST',
        '/api/talk/likeState',
        { ids: [s.talkId, 999_999] },
        { cookie: reader.cookie },
      ),
    ).toEqual([{ id: s.talkId, likes: before.likes + 1, liked: true }]);
    expect((await s.call('POST', '/api/talk/likeState', { ids: [] }, { cookie: reader.cookie })).body.message).toBe(
      text.likeIds(50),
    );

    await post({ targetType: 'talk', targetId: s.talkId, content: '说说下的评论' }, reader.cookie);
    const after = await talkOf();
    expect(after.comment_count).toBe(before.comment_count + 1);
    const card = (await s.done<TalkPageDto>('GET', '/api/talk/blogGetTalkList/1/50')).list.find(
      (t) => t.id === s.talkId,
    );
    expect(card).toMatchObject({ likes: before.likes + 1, comment_count: before.comment_count + 1 });
    expect(
      await s.done<LikeStateDto>('PUT', `/api/talk/like/${s.talkId}`, { liked: false }, { cookie: reader.cookie }),
    ).toEqual({
      likes: before.likes,
      liked: false,
    });
  });

  test('tells the answered author (type 1, the article; type 2, the talk) and every administrator, naming the comment', async () => {
    const alice = await s.reader('通知爱丽丝');
    const bob = await s.reader('<b>鲍勃</b>');
    const top = (await post(onArticle('等人回复'), alice.cookie)).body.result;
    const adminNotices = await s.notices(s.admin);
    expect(adminNotices.find((n) => n.comment_id === top.id)).toMatchObject({ type: 1, to_id: s.articleId, isView: 1 });
    expect(await s.notices(alice.cookie)).toEqual([]);

    const reply = (await post(onArticle('<i>回复你</i>', { replyTo: top.id }), bob.cookie)).body.result;
    const told = (await s.notices(alice.cookie)).filter((n) => n.comment_id === reply.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 1, to_id: s.articleId });
    // Names and words are text: nothing of them is markup in the drawer.
    expect(told[0]!.message).toContain('&lt;b&gt;鲍勃&lt;/b&gt;');
    expect(told[0]!.message).toContain('&lt;i&gt;回复你&lt;/i&gt;');
    expect(told[0]!.message).not.toMatch(/<b>|<i>/);
    expect((await s.notices(s.admin)).some((n) => n.comment_id === reply.id)).toBe(true);
    expect((await s.notices(bob.cookie)).some((n) => n.comment_id === reply.id)).toBe(false);

    const onTalk = (await post({ targetType: 'talk', targetId: s.talkId, content: '说说真好' }, alice.cookie)).body
      .result;
    expect((await s.notices(s.admin)).find((n) => n.comment_id === onTalk.id)).toMatchObject({
      type: 2,
      to_id: s.talkId,
    });
    const talkReply = (
      await post({ targetType: 'talk', targetId: s.talkId, content: '同感', replyTo: onTalk.id }, bob.cookie)
    ).body.result;
    expect((await s.notices(alice.cookie)).find((n) => n.comment_id === talkReply.id)).toMatchObject({
      type: 2,
      to_id: s.talkId,
    });
  });

  test('tells the administrators of a comment waiting for review, and its answered author only once it is approved', async () => {
    await s.done(
      'PUT',
      '/api/admin/comments/settings',
      { visitorsMayComment: false, keywords: ['待审词'] },
      { cookie: s.admin },
    );
    try {
      const alice = await s.reader();
      const bob = await s.reader();
      const top = (await post(onArticle('普通的评论'), alice.cookie)).body.result;
      const held = (await post(onArticle('带着待审词的回复', { replyTo: top.id }), bob.cookie)).body.result;
      expect(held.status).toBe('pending');
      expect((await s.notices(s.admin)).find((n) => n.comment_id === held.id)?.message).toContain('等待审核');
      expect((await s.notices(alice.cookie)).some((n) => n.comment_id === held.id)).toBe(false);
      await s.done(
        'POST',
        '/api/admin/comments/batch',
        { ids: [held.id, 999_999], action: 'approve' },
        { cookie: s.admin },
      );
      expect((await s.notices(alice.cookie)).filter((n) => n.comment_id === held.id)).toHaveLength(1);
    } finally {
      await s.done(
        'PUT',
        '/api/admin/comments/settings',
        { visitorsMayComment: false, keywords: [] },
        { cookie: s.admin },
      );
    }
  });

  test("the console: queue by status with search and paging, a commenter's other comments, spam, delete", async () => {
    const carol = await s.reader('卡萝尔');
    const first = (await post(onArticle('卡萝尔的第一条 Findme'), carol.cookie)).body.result;
    const second = (await post({ targetType: 'talk', targetId: s.talkId, content: '卡萝尔的第二条' }, carol.cookie))
      .body.result;
    type Page = {
      list: { id: number; target: { type: string; title: string; url: string } }[];
      total: number;
      current: number;
      size: number;
      counts: Record<string, number>;
    };
    const found = await s.done<Page>(
      'GET',
      `/api/admin/comments?status=approved&keyword=${encodeURIComponent('findME')}`,
      undefined,
      { cookie: s.admin },
    );
    expect(found.list.map((c) => c.id)).toEqual([first.id]);
    expect(found.list[0]!.target).toMatchObject({ type: 'article', url: `/article?id=${s.articleId}` });
    expect(found.counts.approved).toBeGreaterThan(1);
    const paged = await s.done<Page>('GET', '/api/admin/comments?status=approved&size=1&current=2', undefined, {
      cookie: s.admin,
    });
    expect(paged).toMatchObject({ current: 2, size: 1 });
    expect(paged.list).toHaveLength(1);

    const byCarol = await s.done<Page>('GET', `/api/admin/comments/${first.id}/author`, undefined, { cookie: s.admin });
    expect(byCarol.list.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(byCarol.list[0]!.target.title).toContain('说说');

    await s.done('PUT', `/api/admin/comments/${second.id}/status`, { status: 'spam' }, { cookie: s.admin });
    const spam = await s.done<Page>('GET', '/api/admin/comments?status=spam', undefined, { cookie: s.admin });
    expect(spam.list.map((c) => c.id)).toContain(second.id);
    expect((await page('talk', s.talkId)).list.map((c) => c.id)).not.toContain(second.id);

    expect(await s.done('DELETE', `/api/admin/comments/${first.id}`, undefined, { cookie: s.admin })).toMatchObject({
      id: first.id,
      kept: false,
    });
    const left = await s.done<Page>('GET', `/api/admin/comments/${second.id}/author`, undefined, { cookie: s.admin });
    expect(left.list.map((c) => c.id)).toEqual([second.id]);

    for (const [method, url, payload, message] of [
      ['GET', '/api/admin/comments?status=deleted', undefined, text.invalidStatus],
      ['GET', `/api/admin/comments?keyword=${'字'.repeat(51)}`, undefined, text.keywordTooLong(50)],
      ['GET', '/api/admin/comments?size=101', undefined, text.pageSize(100)],
      ['POST', '/api/admin/comments/batch', { ids: [], action: 'approve' }, text.batchSize(100)],
      ['POST', '/api/admin/comments/batch', { ids: [1], action: 'burn' }, `${zhCN.server.invalidRequest}：action`],
      ['PUT', '/api/admin/comments/abc/status', { status: 'approved' }, zhCN.contentServer.invalidId(text.comment)],
    ] as const) {
      expect(await s.call(method, url, payload, { cookie: s.admin }), `${method} ${url}`).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
    }
    expect(
      (await s.call('PUT', '/api/admin/comments/999999/status', { status: 'approved' }, { cookie: s.admin })).status,
    ).toBe(404);
  });

  test('refuses every console comment call to a visitor (401) and a reader (403)', async () => {
    const reader = await s.reader();
    for (const [method, url, payload] of [
      ['GET', '/api/admin/comments'],
      ['GET', '/api/admin/comments/1/author'],
      ['PUT', '/api/admin/comments/1/status', { status: 'approved' }],
      ['POST', '/api/admin/comments/batch', { ids: [1], action: 'delete' }],
      ['DELETE', '/api/admin/comments/1'],
      ['GET', '/api/admin/comments/settings'],
      ['PUT', '/api/admin/comments/settings', { visitorsMayComment: true, keywords: [] }],
    ] as const) {
      expect(await s.call(method, url, payload), `${method} ${url}`).toEqual({
        status: 401,
        body: { code: 401, result: null, message: account.loginRequired },
      });
      expect(await s.call(method, url, payload, { cookie: reader.cookie }), `${method} ${url}`).toEqual({
        status: 403,
        body: { code: 403, result: null, message: account.adminRequired },
      });
    }
    expect(
      (
        await s.done<{ visitorsMayComment: boolean }>('GET', '/api/admin/comments/settings', undefined, {
          cookie: s.admin,
        })
      ).visitorsMayComment,
    ).toBe(false);
  });

  test('refuses a new comment on an article whose comments are closed (403, in Chinese), and takes them again once reopened', async () => {
    const articles = new KyselyArticleRepository(s.db.db, s.db.dialect);
    const draft = articleFromFrontMatter({
      data: { title: '旧文章', comments: false },
      body: '正文\n',
      relativePath: 'closed.md',
      fallbackDate: '2020-01-01T00:00:00.000Z',
    });
    const { id } = await articles.upsert(draft);
    const reader = await s.reader('晚来的读者');
    const refused = await post({ targetType: 'article', targetId: id, content: '还能评论吗？' }, reader.cookie);
    expect([refused.status, refused.body.message]).toEqual([403, text.commentsClosed]);
    expect(await page('article', id)).toMatchObject({ list: [], closed: true });
    await articles.upsert({ ...draft, commentsClosed: false });
    expect((await page('article', id)).closed).toBe(false);
    expect((await post({ targetType: 'article', targetId: id, content: '可以了' }, reader.cookie)).status).toBe(200);
  });

  test('keeps the stored counts equal to a recount after all of the above', async () => {
    const articles = await s.db.db
      .selectFrom('article')
      .select(['id', 'comment_count'])
      .where('status', '=', 'public')
      .execute();
    for (const article of articles) {
      const threads: CommentPageDto['list'] = [];
      let cursor: number | null = null;
      do {
        const next: CommentPageDto = await s.done<CommentPageDto>(
          'GET',
          `/api/comment/list?type=article&id=${article.id}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        threads.push(...next.list);
        cursor = next.nextCursor;
      } while (cursor !== null);
      const recount = threads.reduce((n, t) => n + (t.deleted ? 0 : 1) + t.replyCount, 0);
      expect(Number(article.comment_count), `article ${article.id}`).toBe(recount);
    }
    expect(await articleCount()).toBeGreaterThan(0);
  });
});
