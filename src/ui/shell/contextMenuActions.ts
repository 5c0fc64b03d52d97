import type { ArticleListItem } from '../../domain/site/site';
import type { Random } from '../../ports/browser';
import type { SiteApi } from '../../ports/siteApi';
import * as zhCN from '../../i18n/zh-CN';

/** Spec: random browse asks the home list for page 1 of 999. */
const RANDOM_POOL = { page: 1, size: 999 } as const;

export function pickArticleId(list: readonly ArticleListItem[], random: Random): number | undefined {
  return list.length === 0 ? undefined : list[random.int(list.length)]?.id;
}

/** The path of a random article, or undefined (logged, as the spec says) when there is none to pick. */
export async function randomArticlePath(api: SiteApi, random: Random): Promise<string | undefined> {
  let id: number | undefined;
  try {
    const { list } = await api.homeArticles(RANDOM_POOL.page, RANDOM_POOL.size);
    id = pickArticleId(list, random);
  } catch {
    id = undefined;
  }
  if (id === undefined) {
    console.error(zhCN.contextMenu.noArticleIds);
    return undefined;
  }
  return `/article?id=${id}`;
}
