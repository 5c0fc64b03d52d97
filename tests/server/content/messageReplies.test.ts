import fs from 'node:fs';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { KyselySiteRepository } from '../../../server/adapters/db/siteRepository';
import { buildApp } from '../../../server/adapters/http/app';
import { SiteService } from '../../../server/domain/site/siteService';
import { createAccountServices } from '../../../server/accountServices';
import { createContentServices } from '../../../server/main';
import { replyDraftProblem } from '../../../src/domain/content/messages';
import { MAX_REPLY_LENGTH, type MessageDto, type MessagePageDto, type MessageReplyDto } from '../../../src/protocol/content';
import * as zhCN from '../../../src/i18n/zh-CN';
import { recordingPublisher } from '../../fakes/recordingPublisher';
import { MARKER, PASSWORD, testHasher, uniqueName } from '../accounts/support';
import { takeOverAdministrator } from '../support/administrator';
import { temporaryFolder } from '../support/siteServer';

const text = zhCN.contentServer;

interface Envelope<T> {
  code: number;
  result: T;
  message: string;
}

/** The real routes and services on a temporary SQLite file, with content events recorded instead of stored. */
let dataDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let adminPassword: string;
const { publisher, sent } = recordingPublisher();

beforeAll(async () => {
  dataDir = temporaryFolder('blog-replies-');
  database = openDatabase({ dataDir });
  await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
  const { accounts, notifications } = createAccountServices(database.db, { secret: () => 'test-secret', hasher: testHasher, registrationsPerHour: 10_000 });
  adminPassword = (await accounts.ensureAdministrator())?.password ?? '';
  app = await buildApp(
    {
      site: new SiteService(new KyselySiteRepository(database.db)),
      accounts,
      notifications,
      content: createContentServices(database.db, database.dialect, publisher),
      healthCheck: async () => undefined,
    },
    { logLevel: 'silent' },
  );
  // The administrator sets their own password first, or the server refuses their changes.
  adminPassword = await takeOverAdministrator(app, adminPassword);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  sent.length = 0;
});

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie?: string) {
  const response = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    headers: { ...MARKER, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

async function login(username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', headers: MARKER, payload: { username, password } });
  const token = response.cookies.find((c) => c.name === 'blog_session')?.value;
  if (!token) throw new Error(`login failed: ${response.body}`);
  return `blog_session=${token}`;
}

async function member(nickName?: string) {
  const username = uniqueName('reply');
  const registered = await call<{ id: number }>('POST', '/api/user/register', { username, password: PASSWORD, nick_name: nickName ?? username });
  if (registered.body.code !== 0) throw new Error(`register failed: ${registered.body.message}`);
  return { id: registered.body.result.id, cookie: await login(username, PASSWORD) };
}

async function postBy(cookie: string, content = '今晚的雨声很好听') {
  const published = await call<MessageDto>('POST', '/api/message/add', { content, color: '', bgImage: '' }, cookie);
  if (published.body.code !== 0) throw new Error(`publish failed: ${published.body.message}`);
  return published.body.result.id;
}

const reply = (id: number | string, content: string, cookie?: string) =>
  call<MessageReplyDto>('POST', `/api/message/reply/${id}`, { content }, cookie);
const replies = async (id: number) => (await call<MessageReplyDto[]>('GET', `/api/message/getReplies/${id}`)).body.result;
const deleteReply = (id: number | string, cookie?: string) => call<null>('DELETE', `/api/message/deleteReply/${id}`, undefined, cookie);

describe('replies on message-board posts', () => {
  it('lets a signed-in reader reply, lists the thread oldest first for anyone and counts it on the post', async () => {
    const author = await member('作者');
    const reader = await member('读者');
    const id = await postBy(author.cookie);

    expect((await reply(id, '路过')).status).toBe(401);
    const first = await reply(id, '  第一条回复  ', reader.cookie);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ messageId: id, content: '第一条回复', author: { userId: reader.id, nickName: '读者' } });
    await reply(id, '作者自己回一句', author.cookie);

    expect((await replies(id)).map((r) => r.content)).toEqual(['第一条回复', '作者自己回一句']);
    expect((await call<MessageDto>('GET', `/api/message/getMessageById/${id}`)).body.result.replyCount).toBe(2);
    const page = (await call<MessagePageDto>('POST', '/api/message/getMessageList', { current: 1, size: 50 })).body.result;
    expect(page.list.find((m) => m.id === id)?.replyCount).toBe(2);
  });

  it('tells the post’s author about someone else’s reply (type 3, HTML escaped), never about their own', async () => {
    const author = await member('作者');
    const fan = await member('<b>粉丝</b>');
    const id = await postBy(author.cookie, '喜欢<i>下雨</i>天');

    await reply(id, '我也喜欢 <script>x</script>', fan.cookie);
    expect(sent).toEqual([
      {
        to: author.id,
        type: 3,
        toId: id,
        message: text.notify.messageReplied('&lt;b&gt;粉丝&lt;/b&gt;', '喜欢&lt;i&gt;下雨&lt;/i&gt;天', '我也喜欢 &lt;script&gt;x&lt;/script&gt;'),
      },
    ]);

    await reply(id, '谢谢', author.cookie);
    expect(sent).toHaveLength(1);
  });

  it('tells nobody about a reply on a nickname-only post', async () => {
    const reader = await member();
    const row = await database.db
      .insertInto('board_message')
      .values({ content: '访客留言', color: '', bg_image: '', user_id: null, nick_name: '访客', avatar: '', likes: 0, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await reply(row.id, '你好', reader.cookie)).body.code).toBe(0);
    expect(sent).toEqual([]);
  });

  it('refuses empty, overlong and malformed replies and unknown posts with Chinese messages, storing nothing', async () => {
    const author = await member();
    const id = await postBy(author.cookie);
    const refused = (message: string) => ({ status: 400, body: { code: 400, result: null, message } });

    expect(await reply(id, '   \n ', author.cookie)).toEqual(refused(text.replyEmpty));
    expect(await reply(id, '字'.repeat(MAX_REPLY_LENGTH + 1), author.cookie)).toEqual(refused(text.replyTooLong(MAX_REPLY_LENGTH)));
    expect(await reply('abc', '你好', author.cookie)).toEqual(refused(text.invalidId(text.message)));
    expect((await call('POST', `/api/message/reply/${id}`, {}, author.cookie)).status).toBe(400);
    expect(await replies(id)).toEqual([]);

    // Exactly the limit is fine; emoji count as one character each, as on the client.
    expect((await reply(id, ` ${'🌧'.repeat(MAX_REPLY_LENGTH)} `, author.cookie)).body.code).toBe(0);

    const missing = { status: 404, body: { code: 404, result: null, message: text.messageNotFound } };
    expect(await reply(99_999, '你好', author.cookie)).toEqual(missing);
    expect(await call('GET', '/api/message/getReplies/99999')).toEqual(missing);
    expect(await deleteReply(99_999, author.cookie)).toEqual({ status: 404, body: { code: 404, result: null, message: text.replyNotFound } });
    expect(await deleteReply('0', author.cookie)).toEqual(refused(text.invalidId(text.reply)));
  });

  it('lets the reply’s author, the post’s author and the administrator delete a reply, and nobody else', async () => {
    const author = await member();
    const replier = await member();
    const stranger = await member();
    const admin = await login('admin', adminPassword);
    const id = await postBy(author.cookie);
    const replyBy = async (cookie: string) => (await reply(id, '一条回复', cookie)).body.result.id;

    const cases: [string, string | undefined, number][] = [
      ['anonymous', undefined, 401],
      ['a stranger', stranger.cookie, 403],
      ['the reply’s author', replier.cookie, 200],
      ['the post’s author', author.cookie, 200],
      ['the administrator', admin, 200],
    ];
    for (const [who, cookie, status] of cases) {
      const target = await replyBy(replier.cookie);
      const answer = await deleteReply(target, cookie);
      expect(answer.status, who).toBe(status);
      expect((await replies(id)).some((r) => r.id === target), who).toBe(status !== 200);
      if (status === 403) expect(answer.body.message).toBe(text.notReplyManager);
    }

    // The post's author may not remove the replier's reply under someone else's post.
    const elsewhere = await postBy(stranger.cookie);
    const foreign = (await reply(elsewhere, '别处的回复', replier.cookie)).body.result.id;
    expect((await deleteReply(foreign, author.cookie)).status).toBe(403);
  });

  it('removes a post’s replies with the post', async () => {
    const author = await member();
    const reader = await member();
    const id = await postBy(author.cookie);
    await reply(id, '一', reader.cookie);
    await reply(id, '二', reader.cookie);
    expect((await call('DELETE', `/api/message/delete/${id}`, undefined, author.cookie)).body.code).toBe(0);

    const left = await database.db.selectFrom('message_reply').select('id').where('message_id', '=', id).execute();
    expect(left).toEqual([]);
    expect((await call('GET', `/api/message/getReplies/${id}`)).status).toBe(404);
  });

  it('accepts exactly the replies the client’s own check accepts', async () => {
    const author = await member();
    const id = await postBy(author.cookie);
    const space = fc.constantFrom('', ' ', '\n', '\t', '\u3000');
    const body = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.integer({ min: MAX_REPLY_LENGTH - 2, max: MAX_REPLY_LENGTH + 2 }).map((n) => '雨'.repeat(n)),
    );
    await fc.assert(
      fc.asyncProperty(space, body, space, async (before, middle, after) => {
        const content = `${before}${middle}${after}`;
        const answer = await reply(id, content, author.cookie);
        expect(answer.body.code === 0).toBe(replyDraftProblem(content) === null);
      }),
      { numRuns: 60 },
    );
  });
});
