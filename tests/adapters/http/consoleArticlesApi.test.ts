import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createArticleConsoleApi } from '../../../src/adapters/http/console/articlesApi';
import { createHttpClient } from '../../../src/adapters/http/httpClient';
import { EMPTY_DRAFT, type ArticleDraft } from '../../../src/domain/console/articles/articleDraft';
import type { ConsoleArticleDto } from '../../../src/protocol/console/articles';

const DRAFT: ArticleDraft = { ...EMPTY_DRAFT, title: '惊蛰', content: '春雷', category: '随笔', tags: ['节气'] };

function dto(version: number, content = '春雷'): ConsoleArticleDto {
  return {
    id: 7,
    title: '惊蛰',
    content,
    summary: '',
    cover: '',
    category: { id: 3, name: '随笔' },
    tags: [{ id: 4, name: '节气' }],
    pinned: false,
    commentsClosed: false,
    status: 'draft',
    publishAt: null,
    version,
    views: 0,
    likes: 0,
    createdAt: '2025-03-05T00:00:00.000Z',
    updatedAt: `2025-03-05T00:0${version}:00.000Z`,
    deletedAt: null,
  };
}

/** The console API over a transport answering `status` and `body` (or failing with no answer at all). */
async function apiAnswering(status: number | 'no answer', body: unknown = null) {
  const http = createHttpClient({ notifier: { notify: () => undefined } });
  const sent: InternalAxiosRequestConfig[] = [];
  (await http.transport()).defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    sent.push(config);
    if (status === 'no answer') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response = { data: body, status, statusText: '', headers: new AxiosHeaders(), config };
    if (config.validateStatus ? config.validateStatus(status) : status < 300) return response;
    throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  return { api: createArticleConsoleApi(http), sent };
}

describe('the console articles adapter: what a save answers', () => {
  it('saves on the version it was written on, naming the category and tags', async () => {
    const { api, sent } = await apiAnswering(200, { code: 0, result: dto(3), message: '' });
    await expect(api.saveDraft({ id: 7, draft: DRAFT, baseVersion: 2, supersede: true })).resolves.toEqual({
      kind: 'saved',
      id: 7,
      version: 3,
      updatedAt: dto(3).updatedAt,
    });
    expect(sent[0]).toMatchObject({ method: 'put', url: '/api/admin/articles/7' });
    expect(JSON.parse(sent[0]!.data as string)).toMatchObject({
      version: 2,
      supersede: true,
      category: { name: '随笔' },
      tags: ['节气'],
    });
  });

  it('creates a new article with a POST and no version', async () => {
    const { api, sent } = await apiAnswering(200, { code: 0, result: dto(1), message: '' });
    await api.saveDraft({ id: null, draft: { ...DRAFT, category: '' }, baseVersion: 0, supersede: false });
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/admin/articles' });
    const body = JSON.parse(sent[0]!.data as string) as Record<string, unknown>;
    expect(body).not.toHaveProperty('version');
    expect(body).not.toHaveProperty('supersede');
    expect(body.category).toBeNull();
  });

  it("a 409 with a newer version is the conflict, carrying the server's text", async () => {
    const { api } = await apiAnswering(409, { code: 409, result: dto(5, '别处写的'), message: '文章已在别处更新' });
    await expect(api.saveDraft({ id: 7, draft: DRAFT, baseVersion: 4, supersede: false })).resolves.toEqual({
      kind: 'conflict',
      server: { id: 7, version: 5, draft: { ...DRAFT, content: '别处写的' }, updatedAt: dto(5).updatedAt },
    });
  });

  it('any other 409 (the article went to the 回收站) is a refusal with its reason', async () => {
    const { api } = await apiAnswering(409, { code: 409, result: dto(4), message: '文章在回收站中，请先恢复' });
    await expect(api.saveDraft({ id: 7, draft: DRAFT, baseVersion: 4, supersede: false })).rejects.toThrow(
      '文章在回收站中，请先恢复',
    );
  });

  it('no answer, or a gateway that cannot reach the server, is offline', async () => {
    for (const status of ['no answer', 502, 503, 504] as const) {
      const { api } = await apiAnswering(status, status === 'no answer' ? null : '');
      await expect(api.saveDraft({ id: 7, draft: DRAFT, baseVersion: 4, supersede: false })).resolves.toEqual({
        kind: 'offline',
      });
    }
  });

  it("invalid input is refused with the server's message", async () => {
    const { api } = await apiAnswering(400, { code: 400, result: null, message: '标题不能超过 200 个字符' });
    await expect(api.saveDraft({ id: 7, draft: DRAFT, baseVersion: 4, supersede: false })).rejects.toThrow(
      '标题不能超过 200 个字符',
    );
  });
});
