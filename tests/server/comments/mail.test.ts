import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { UserInfoDto } from '../../../src/protocol/account';
import type { CommentDto } from '../../../src/protocol/comments';
import { startCommentSite, type CommentSite } from './support';
import { startInbox, until } from '../support/inbox';

const text = zhCN.commentsServer;
const SITE_URL = 'http://blog.example';

describe('reply emails through a real SMTP server', () => {
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  beforeAll(async () => {
    inbox = await startInbox();
  });
  afterAll(async () => inbox?.close());

  const optIn = (s: CommentSite, cookie: string, email: string) =>
    s.done<UserInfoDto>('PUT', '/api/user/updateOwnUserInfo', { email, email_notify: true }, { cookie });

  it('sends the opted-in user a reply with both parts and a working unsubscribe link; after it, nothing more', async () => {
    const s = await startCommentSite('SQLite', { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, SITE_URL });
    try {
      const alice = await s.reader('爱丽丝');
      const bob = await s.reader('鲍勃');
      for (const [body, message] of [
        [{ email: 'not an address' }, text.account.emailInvalid],
        [{ email_notify: true }, text.account.emailRequired],
      ] as const) {
        expect(await s.call('PUT', '/api/user/updateOwnUserInfo', body, { cookie: alice.cookie })).toEqual({
          status: 400,
          body: { code: 400, result: null, message },
        });
      }
      expect(await optIn(s, alice.cookie, ' alice@example.com ')).toMatchObject({
        email: 'alice@example.com',
        email_notify: true,
      });
      expect(await s.done<UserInfoDto>('GET', '/api/user/current', undefined, { cookie: alice.cookie })).toMatchObject({
        email: 'alice@example.com',
        email_notify: true,
      });
      // Nobody else is told the address.
      expect(
        await s.done<UserInfoDto>('GET', `/api/user/getUserInfoById/${alice.id}`, undefined, { cookie: bob.cookie }),
      ).not.toHaveProperty('email');

      const on = (content: string, extra: object = {}) => ({
        targetType: 'article',
        targetId: s.articleId,
        content,
        ...extra,
      });
      const top = await s.done<CommentDto>('POST', '/api/comment/add', on('**我的**观点'), { cookie: alice.cookie });
      const reply = await s.done<CommentDto>(
        'POST',
        '/api/comment/add',
        on('同意！<script>alert(1)</script>', { replyTo: top.id }),
        { cookie: bob.cookie },
      );
      await until(() => inbox.mails.length === 1);
      const mail = inbox.mails[0]!;
      expect(mail.to).toEqual(['alice@example.com']);
      expect(mail.headers.get('from')).toContain('noreply@blog.example');
      const { name: siteName } = await s.done<{ name: string }>('GET', '/api/config');
      expect(mail.subject).toBe(text.mail.subject(siteName, '鲍勃'));
      const link = `${SITE_URL}/article?id=${s.articleId}#comment-${reply.id}`;
      const unsubscribe = /(http:\/\/blog\.example\/api\/comment\/unsubscribe\?token=[0-9a-f.]+)/.exec(mail.text)?.[1];
      expect(unsubscribe).toBeDefined();
      expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
      expect(mail.text).toContain('**我的**观点');
      expect(mail.text).toContain('同意！<script>alert(1)</script>');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('同意！&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain(`href="${unsubscribe!.replace(/&/g, '&amp;')}"`);

      // The link works without signing in, once; a forged one says so.
      const path = unsubscribe!.slice(SITE_URL.length);
      const page = await s.site.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(text.unsubscribe.done);
      const forged = await s.site.app.inject({
        method: 'GET',
        url: path.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain(text.unsubscribe.invalid);
      expect(await s.done<UserInfoDto>('GET', '/api/user/current', undefined, { cookie: alice.cookie })).toMatchObject({
        email_notify: false,
      });

      await s.done('POST', '/api/comment/add', on('再回复一次', { replyTo: top.id }), { cookie: bob.cookie });
      expect((await s.notices(alice.cookie)).length).toBe(2);
    } finally {
      // Closing waits for every email under way: after it, the inbox holds all that was sent.
      await s.close();
    }
    expect(inbox.mails).toHaveLength(1);
  });

  it('sends nothing without SMTP_URL, and the comment goes through', async () => {
    const before = inbox.mails.length;
    const s = await startCommentSite('SQLite');
    try {
      const alice = await s.reader();
      const bob = await s.reader();
      await optIn(s, alice.cookie, 'alice@example.com');
      const top = await s.done<CommentDto>(
        'POST',
        '/api/comment/add',
        { targetType: 'article', targetId: s.articleId, content: '没有邮件' },
        { cookie: alice.cookie },
      );
      await s.done(
        'POST',
        '/api/comment/add',
        { targetType: 'article', targetId: s.articleId, content: '回复', replyTo: top.id },
        { cookie: bob.cookie },
      );
      expect((await s.notices(alice.cookie)).length).toBe(1);
    } finally {
      await s.close();
    }
    expect(inbox.mails.length).toBe(before);
  });

  it('stores and answers a reply even when the mail server is down', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const s = await startCommentSite('SQLite', { SMTP_URL: `smtp://127.0.0.1:${port}`, SITE_URL });
    try {
      const alice = await s.reader();
      const bob = await s.reader();
      await optIn(s, alice.cookie, 'alice@example.com');
      const top = await s.done<CommentDto>(
        'POST',
        '/api/comment/add',
        { targetType: 'article', targetId: s.articleId, content: '邮件服务器不在' },
        { cookie: alice.cookie },
      );
      const answer = await s.call(
        'POST',
        '/api/comment/add',
        { targetType: 'article', targetId: s.articleId, content: '照样回复', replyTo: top.id },
        { cookie: bob.cookie },
      );
      expect(answer).toMatchObject({ status: 200, body: { code: 0 } });
    } finally {
      await s.close();
    }
  });

  it('checks SMTP_URL and SMTP_FROM on start, naming the variable', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ ...env });
    expect(load({ SMTP_URL: 'http://mail.example' })).toThrow(ConfigError);
    expect(load({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(load({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(/SMTP_URL.*SITE_URL/);
    expect(load({ SMTP_URL: 'smtp://mail.example:587', SITE_URL, SMTP_FROM: 'not an address' })).toThrow(/SMTP_FROM/);
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', SITE_URL, SMTP_FROM: '雨后小筑 <blog@mail.example>' }),
    ).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example:465',
      smtpFrom: '雨后小筑 <blog@mail.example>',
    });
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined });
  });
});
