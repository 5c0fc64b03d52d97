import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../../server/adapters/db/connect';
import type { NotifyItemDto } from '../../../src/protocol/notify';
import { MARKER } from '../accounts/support';
import { adminCookie, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';

/** What the site's own pages send with every call. */
const SAME_SITE = { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1' };

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; result: T; message: string };
}

export interface Caller {
  cookie?: string;
  /** The client address; a fresh one per call unless given (the per-address limit is tested on purpose). */
  address?: string;
  userAgent?: string;
}

export interface CommentSite {
  data: SharedData;
  site: TestSite;
  /** A second connection beside the server, to hide an article or a talk behind its back. */
  db: DatabaseHandle;
  admin: string;
  /** A public article and a shown talk of the demo content. */
  articleId: number;
  talkId: number;
  call<T = unknown>(method: string, url: string, payload?: object, caller?: Caller): Promise<Answer<T>>;
  /** A call that must succeed: its result. */
  done<T = unknown>(method: string, url: string, payload?: object, caller?: Caller): Promise<T>;
  /** A new signed-in reader: their cookie, id and nickname. */
  reader(nickName?: string): Promise<{ cookie: string; id: number; nickName: string }>;
  notices(cookie: string): Promise<NotifyItemDto[]>;
  close(): Promise<void>;
}

let addressCounter = 0;
const freshAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** The real composition on a fresh database of `backend` with the demo content, as the comment tests need it. */
export async function startCommentSite(
  backend: SharedData['name'],
  env: Record<string, string> = {},
): Promise<CommentSite> {
  const data = await sharedData(backend, { REGISTER_LIMIT_PER_HOUR: '100000', ...env });
  const site = await startSite(data);
  const db = data.open();
  const admin = await adminCookie(site, site.adminPassword);
  const call = async <T>(method: string, url: string, payload?: object, caller: Caller = {}): Promise<Answer<T>> => {
    const response = await site.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...SAME_SITE,
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
        'user-agent': caller.userAgent ?? 'vitest',
      },
      remoteAddress: caller.address ?? freshAddress(),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const done = async <T>(method: string, url: string, payload?: object, caller?: Caller): Promise<T> => {
    const answer = await call<T>(method, url, payload, caller);
    expect(answer.body, `${method} ${url}`).toMatchObject({ code: 0 });
    expect(answer.status).toBe(200);
    return answer.body.result;
  };
  const home = await done<{ list: { id: number }[] }>('GET', '/api/article/blogHomeGetArticleList/1/1');
  const talks = await done<{ list: { id: number }[] }>('GET', '/api/talk/blogGetTalkList/1/1');
  return {
    data,
    site,
    db,
    admin,
    articleId: home.list[0]!.id,
    talkId: talks.list[0]!.id,
    call,
    done,
    async reader(nickName) {
      const username = `c${crypto.randomBytes(5).toString('hex')}`;
      const name = nickName ?? username;
      await done('POST', '/api/user/register', { username, password: 'abc123456', nick_name: name });
      const login = await site.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: SAME_SITE,
        payload: { username, password: 'abc123456' },
      });
      const cookie = `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
      const me = await done<{ id: number }>('GET', '/api/user/current', undefined, { cookie });
      return { cookie, id: me.id, nickName: name };
    },
    async notices(cookie) {
      return (
        await done<{ list: NotifyItemDto[] }>('POST', '/api/notify/getNotifyList', { current: 1, size: 50 }, { cookie })
      ).list;
    },
    async close() {
      await db.close();
      await site.close();
      await data.dispose();
    },
  };
}
