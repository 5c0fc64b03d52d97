import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { KyselySiteRepository } from '../../../server/adapters/db/siteRepository';
import { feedRoutes } from '../../../server/adapters/http/routes/feed';
import { ArticleService } from '../../../server/domain/content/articleService';
import { summarize } from '../../../server/domain/content/markdownText';
import { fragmentOf } from '../../../server/domain/content/search';
import { SiteService } from '../../../server/domain/site/siteService';
import { backends, type TestDatabase } from '../support/databases';
import { draft } from './drafts';

const BODY = [
  '## 莫比乌斯反演',
  '',
  '设 $g(d) = \\lfloor \\frac{x}{d} \\rfloor$，当 $|a| < |b|$ 时有',
  '',
  '$$',
  '\\begin{gathered}',
  '  \\sum_{d \\mid n} \\mu(d) = [n = 1]',
  '\\end{gathered}',
  '$$',
  '',
  '价格 $5 到 $10，命令 `echo $HOME` 照常。',
].join('\n');

describe('math as plain text on the server', () => {
  it('summarises a body with its formulas as readable TeX, prose dollars and code kept', () => {
    const summary = summarize(BODY, 500);
    expect(summary).toBe(
      '莫比乌斯反演 设 g(d) = \\lfloor \\frac{x}{d} \\rfloor，当 |a| < |b| 时有 \\begin{gathered} \\sum_{d \\mid n} \\mu(d) = [n = 1] \\end{gathered} 价格 $5 到 $10，命令 echo $HOME 照常。',
    );
  });

  it('cuts search fragments from the plain text: the TeX readable, no delimiters', () => {
    const fragment = fragmentOf(BODY, 'lfloor');
    const shown = fragment.before + fragment.match + fragment.after;
    expect(shown).toContain('设 g(d) = \\lfloor \\frac{x}{d} \\rfloor，当 |a| < |b| 时有 \\begin{gathered}');
    // No delimiter is left of the formulas (`$$`, `$g(d)`, `$|a|`).
    expect(shown).not.toMatch(/\$\$|\$g|\$\|/);
    const display = fragmentOf(BODY, '\\mu(d)');
    expect(display.before + display.match + display.after).toContain('\\sum_{d \\mid n} \\mu(d) = [n = 1] \\end{gathered}');
    expect(fragmentOf(BODY, '价格').after).toBe(' $5 到 $10，命令 echo $HOME 照常。');
  });

  describe('the RSS feed', () => {
    let database: TestDatabase | undefined;
    afterEach(() => database?.dispose());

    it('describes an article whose summary holds math in readable text', async () => {
      const sqlite = (await backends()).find((backend) => backend.name === 'SQLite')!;
      database = await sqlite.open();
      const { db, dialect } = database.handle;
      const articles = new KyselyArticleRepository(db, dialect);
      await articles.upsert(draft({ title: '数论笔记', content: BODY, summary: '求 $\\sum_{d \\mid n} \\mu(d)$ 与 \\(\\varphi(n)\\)，价格 $5 到 $10。' }));
      const app = Fastify();
      await app.register(feedRoutes, {
        articles: new ArticleService(articles, new KyselySiteRepository(db), async () => 0),
        site: new SiteService(new KyselySiteRepository(db)),
        serveRobots: false,
      });
      const feed = await app.inject({ method: 'GET', url: '/rss.xml' });
      await app.close();
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('<description>求 \\sum_{d \\mid n} \\mu(d) 与 \\varphi(n)，价格 $5 到 $10。</description>');
    });
  });
});
