import type { Page } from 'playwright-core';
import type { AlbumDto, ArticlePageDto } from '../../../src/protocol/content';
import type { Envelope } from '../../../src/protocol/codes';

/** Every page of the console, as its navigation and editors lead to them. */
export const CONSOLE_PATHS = [
  '/admin',
  '/admin/articles',
  '/admin/articles/new',
  '/admin/talks',
  '/admin/albums',
  '/admin/music',
  '/admin/comments',
  '/admin/chat',
  '/admin/board',
  '/admin/users',
  '/admin/notices',
  '/admin/taxonomy',
  '/admin/site',
  '/admin/links',
  '/admin/resources',
  '/admin/siteList',
  '/admin/transfer',
  '/admin/stats',
  '/admin/audit',
];

/** The console's pages, with the editors of the first article and the first album of the demo content. */
export async function consolePathsOf(baseUrl: string): Promise<string[]> {
  const api = async <T>(pathname: string) =>
    ((await (await fetch(baseUrl + pathname)).json()) as Envelope<T>).result!;
  const article = (await api<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/1')).list[0]!;
  const album = (await api<AlbumDto[]>('/api/photoAlbum/getAll'))[0]!;
  return [...CONSOLE_PATHS, `/admin/articles/${article.id}`, `/admin/albums/${album.id}`];
}

/** Opens a page of the console and waits until it shows its section (the console has no site header). */
export async function openConsoleAt(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await page.waitForFunction(() => {
    const main = document.querySelector('main.console-main');
    return !!main && main.children.length > 0 && !main.querySelector('.loading');
  });
  // A Markdown editor renders its preview a moment after its text: waited for, so a check sees the page whole.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.md-editor')).every((editor) => {
      const preview = editor.querySelector('.md-editor-preview');
      return !preview || preview.childElementCount > 0 || !editor.querySelector('.cm-content')?.textContent?.trim();
    }),
  );
}
