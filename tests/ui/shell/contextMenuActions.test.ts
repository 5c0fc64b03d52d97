import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteApi } from '../../../src/ports/siteApi';
import { randomArticlePath } from '../../../src/ui/shell/contextMenuActions';

const article = (id: number) => ({ id, article_title: `t${id}`, article_content: '' });

function apiWith(homeArticles: SiteApi['homeArticles']): SiteApi {
  return {
    homeArticles,
    config: () => Promise.reject(new Error('unused')),
    addView: () => Promise.reject(new Error('unused')),
    pageHeaders: () => Promise.reject(new Error('unused')),
  };
}

describe('random browse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for page 1 of 999 and goes to the article the random port picks', async () => {
    const homeArticles = vi.fn(async () => ({ list: [article(4), article(9), article(12)], total: 3 }));
    const path = await randomArticlePath(apiWith(homeArticles), { int: (max) => max - 1 });
    expect(homeArticles).toHaveBeenCalledWith(1, 999);
    expect(path).toBe('/article?id=12');
  });

  it.each([
    ['the list is empty', async () => ({ list: [], total: 0 })],
    ['the call fails', async () => Promise.reject(new Error('404'))],
  ])('logs "没有可用的文章 ID" and stays put when %s', async (_, homeArticles) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const path = await randomArticlePath(apiWith(homeArticles), { int: () => 0 });
    expect(path).toBeUndefined();
    expect(error).toHaveBeenCalledWith('没有可用的文章 ID');
  });
});
