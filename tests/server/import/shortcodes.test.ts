import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderArticleBody } from '../ssr/renderArticle';
import fc from 'fast-check';
import { importReport } from '../../../server/adapters/import/importReport';
import type { ImportOutcome } from '../../../server/adapters/import/markdownImporter';
import { convertShortcodes, type PostContext } from '../../../server/adapters/import/shortcodes';
import type { ArticleRecord } from '../../../server/domain/content/article';
import * as zhCN from '../../../src/i18n/zh-CN';
import { dispose, fixture, folderWith, importFolder, tinyPng, type Fixture } from './support';

const text = zhCN.contentServer.importer;
const FENCE = '```';


type Imported = Extract<ImportOutcome, { status: 'created' | 'updated' }>;

function imported(outcomes: ImportOutcome[]): Map<string, Imported> {
  expect(outcomes.filter((o) => o.status === 'failed')).toEqual([]);
  return new Map(outcomes.map((o) => [o.file.relative, o as Imported]));
}

const MEDIA_PNG = String.raw`/media/[a-f0-9]{24}\.png`;

describe('importing a Hugo blog of page bundles', () => {
  let f: Fixture;
  let dir: string;
  beforeEach(async () => {
    f = await fixture();
    const png = await tinyPng();
    dir = folderWith({
      'content/posts/first/index.md': [
        '+++',
        'title = "第一篇"',
        'date = 2024-01-01T10:00:00+08:00',
        'tags = ["算法"]',
        'series = ["数论入门"]',
        '+++',
        '这是摘要，**加粗**的部分。',
        '',
        '<!--more-->',
        '',
        '正文开始。',
        '',
        '{{< alert theme="warning" >}}',
        '**小心** 除以零。',
        '{{< /alert >}}',
        '',
        '{{% notice success "做得好" %}}',
        '列表：',
        '',
        '- 甲',
        '- 乙',
        '{{% /notice %}}',
        '',
        '{{< tabs >}}',
        '{{< tab "C++" >}}',
        `${FENCE}cpp`,
        'int main() { return 0; }',
        FENCE,
        '{{< /tab >}}',
        '{{< tab "Python" >}}',
        'print("你好")',
        '{{< /tab >}}',
        '{{< /tabs >}}',
        '',
        '{{< expand "证明" >}}',
        '由归纳法可得。',
        '{{< /expand >}}',
        '',
        '{{< figure src="diagram.png" caption="示意图" >}}',
        '',
        '![丢失的图](1.jpg)',
        '',
        '下一篇见 [第二篇]({{< ref "posts/second/index.md" >}})，也可以看 {{< relref "second" >}}，或者 [直接链接](../second/index.md#小节)。',
        '',
        '[不存在的文章]({{< ref "posts/nowhere/index.md" >}})',
        '',
        '{{< youtube abc123 >}} 和 {{< youtube def456 >}} 以及 {{< bilibili BV1 >}}',
        '',
        '`{{< alert >}}` 是行内代码。',
        '',
        `${FENCE}markdown`,
        '{{< notice warning >}}代码块里的短代码{{< /notice >}}',
        FENCE,
      ].join('\n'),
      'content/posts/first/diagram.png': png,
      'content/posts/second/index.md': '---\ntitle: 第二篇\ndate: 2024-01-02\n---\n回到 [第一篇]({{< relref "/posts/first" >}})。\n',
    });
  });
  afterEach(async () => {
    await dispose(f);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const articles = async () => new Map((await f.articles.all()).map((r): [string, ArticleRecord] => [r.title, r]));

  it('turns callouts, tabs, expanders and figures into Markdown the article page renders', async () => {
    imported(await importFolder(f, path.join(dir, 'content/posts')));
    const first = (await articles()).get('第一篇')!;

    expect(first.content).toContain('!!! warning 注意\n\n**小心** 除以零。\n\n!!!');
    expect(first.content).toContain('!!! tip 做得好\n\n列表：\n\n- 甲\n- 乙\n\n!!!');
    expect(first.content).toContain(`::: details C++\n\n${FENCE}cpp\nint main() { return 0; }\n${FENCE}\n\n:::\n\n::: details Python\n\nprint("你好")\n\n:::`);
    expect(first.content).toContain('::: details 证明\n\n由归纳法可得。\n\n:::');
    expect(first.content).toMatch(new RegExp(`!\\[示意图\\]\\(${MEDIA_PNG} "示意图"\\)`));

    const html = renderArticleBody(first.content);
    expect(html).toMatch(
      /<div[^>]*class="md-editor-admonition md-editor-admonition-warning"[^>]*>\s*<p[^>]*class="md-editor-admonition-title"[^>]*>注意<\/p>\s*<p[^>]*><strong>小心<\/strong> 除以零。<\/p>\s*<\/div>/,
    );
    expect(html).toMatch(/md-editor-admonition-tip"[^>]*>\s*<p[^>]*>做得好<\/p>[\s\S]*?<li[^>]*>甲<\/li>\s*<li[^>]*>乙<\/li>/);
    expect(html).toMatch(/<details class="disclosure"><summary>C\+\+<\/summary>[\s\S]*?<code class="language-cpp">/);
    expect(html).toMatch(/<details class="disclosure"><summary>Python<\/summary>\s*<p[^>]*>print\("你好"\)<\/p>\s*<\/details>/);
    expect(html).toMatch(/<details class="disclosure"><summary>证明<\/summary>\s*<p[^>]*>由归纳法可得。<\/p>\s*<\/details>/);
    expect(html).toMatch(new RegExp(`<img src="${MEDIA_PNG}" alt="示意图"[^>]*>\\s*<figcaption>示意图</figcaption>`));
    // Outside code, none of them is left as source.
    expect(html.replace(/<pre>[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>/g, '')).not.toMatch(/\{\{&lt;\s*\/?(alert|notice|tabs?|expand|figure)\b/);
  });

  it('links posts to each other by their articles, and leaves a link to a post not imported as written', async () => {
    imported(await importFolder(f, path.join(dir, 'content/posts')));
    const byTitle = await articles();
    const first = byTitle.get('第一篇')!;
    const second = byTitle.get('第二篇')!;

    expect(first.content).toContain(`下一篇见 [第二篇](/article?id=${second.id})，也可以看 [第二篇](/article?id=${second.id})，或者 [直接链接](/article?id=${second.id}#小节)。`);
    expect(first.content).toContain('[不存在的文章]({{< ref "posts/nowhere/index.md" >}})');
    expect(second.content).toBe(`回到 [第一篇](/article?id=${first.id})。\n`);
    expect(renderArticleBody(second.content)).toContain(`<a href="/article?id=${first.id}">第一篇</a>`);

    // Imported again, the posts keep their articles and so their links.
    const again = await importFolder(f, path.join(dir, 'content/posts'));
    expect(again.map((o) => o.status)).toEqual(['updated', 'updated']);
    expect((await articles()).get('第一篇')!.content).toBe(first.content);
  });

  it('keeps unknown shortcodes visible as written, and shortcodes in code untouched', async () => {
    imported(await importFolder(f, path.join(dir, 'content/posts')));
    const first = (await articles()).get('第一篇')!;
    expect(first.content).toContain('`{{< youtube abc123 >}}` 和 `{{< youtube def456 >}}` 以及 `{{< bilibili BV1 >}}`');
    expect(first.content).toContain('`{{< alert >}}` 是行内代码。');
    expect(first.content).toContain(`${FENCE}markdown\n{{< notice warning >}}代码块里的短代码{{< /notice >}}\n${FENCE}`);
    expect(renderArticleBody(first.content)).toContain('<code>{{&lt; youtube abc123 &gt;}}</code>');
  });

  it('imports a post whose picture is missing, and reports the picture, the dead link and the unknown shortcodes', async () => {
    const outcomes = imported(await importFolder(f, path.join(dir, 'content/posts')));
    const first = outcomes.get('first/index.md')!;
    expect(first.unknownShortcodes).toEqual({ '{{< youtube >}}': 2, '{{< bilibili >}}': 1 });
    expect(first.warnings).toEqual([
      text.missingPost('posts/nowhere/index.md'),
      text.missingImage('1.jpg'),
      text.unknownShortcodes('{{< youtube >}} ×2、{{< bilibili >}} ×1'),
    ]);
    expect(outcomes.get('second/index.md')!.warnings).toEqual([]);

    const article = (await articles()).get('第一篇')!;
    // The picture's place shows its description and asks for nothing.
    expect(article.content).toContain('![丢失的图]()');
    expect(renderArticleBody(article.content)).toMatch(/<img(?![^>]*\bsrc=)[^>]*alt="丢失的图"/);

    const report = importReport([...outcomes.values()]);
    const at = report.indexOf('  first/index.md');
    expect(report[at - 1]).toBe(text.report.warnings);
    expect(report.slice(at + 1, at + 4)).toEqual(first.warnings.map((w) => `    ${w}`));
    expect(report.slice(-3)).toEqual([
      text.report.unknown,
      `  ${text.report.unknownLine('{{< youtube >}}', 2, 1)}`,
      `  ${text.report.unknownLine('{{< bilibili >}}', 1, 1)}`,
    ]);
  });

  it('takes the summary from the text before <!--more--> and makes the series a tag', async () => {
    imported(await importFolder(f, path.join(dir, 'content/posts')));
    const first = (await articles()).get('第一篇')!;
    expect(first.summary).toBe('这是摘要，加粗的部分。');
    expect(first.content).not.toContain('more');
    expect(first.content.startsWith('这是摘要，**加粗**的部分。\n\n正文开始。')).toBe(true);
    expect(first.tags).toEqual(['算法', '数论入门']);
  });
});

describe('importing a Hexo blog', () => {
  let f: Fixture;
  let dir: string;
  beforeEach(async () => {
    f = await fixture();
    const png = await tinyPng();
    dir = folderWith({
      'source/_posts/hexo-a.md': [
        '---',
        'title: Hexo 第一篇',
        'date: 2024-02-01 10:00:00',
        'tags: [前端]',
        '---',
        '摘要在这里。',
        '<!-- more -->',
        '{% note danger %}',
        '**危险** 操作',
        '{% endnote %}',
        '',
        '{% note primary no-icon %}',
        '普通提示',
        '{% endnote %}',
        '',
        '{% tabs 安装方式 %}',
        '<!-- tab npm -->',
        'npm install',
        '<!-- endtab -->',
        '<!-- tab -->',
        'yarn add',
        '<!-- endtab -->',
        '{% endtabs %}',
        '',
        '{% folding cyan, 查看答案 %}',
        '答案是 42。',
        '{% endfolding %}',
        '',
        '{% asset_img photo.png 一张照片 %}',
        '',
        '{% codeblock app.js lang:js %}',
        'const tag = "{% note %}";',
        '{% endcodeblock %}',
        '',
        '{% raw %}{{ page.title }} 和 {% note %}{% endraw %}',
        '',
        '参见 {% post_link hexo-b %} 和 {% post_link hexo-b 另一篇文章 %}，以及 [相对链接](hexo-b.md)。',
        '',
        '{% post_link nowhere %}',
        '',
        '{% bilibili BV1xx %}',
      ].join('\n'),
      'source/_posts/hexo-a/photo.png': png,
      'source/_posts/hexo-b.md': '---\ntitle: Hexo 第二篇\n---\n返回 {% post_link hexo-a %}。\n',
    });
  });
  afterEach(async () => {
    await dispose(f);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('converts notes, tabs, folding, asset_img, codeblock, raw and post_link', async () => {
    const outcomes = imported(await importFolder(f, path.join(dir, 'source/_posts')));
    const byTitle = new Map((await f.articles.all()).map((r) => [r.title, r]));
    const a = byTitle.get('Hexo 第一篇')!;
    const b = byTitle.get('Hexo 第二篇')!;

    expect(a.summary).toBe('摘要在这里。');
    expect(a.content).toContain('!!! danger 警告\n\n**危险** 操作\n\n!!!');
    expect(a.content).toContain('!!! info 说明\n\n普通提示\n\n!!!');
    expect(a.content).toContain('::: details npm\n\nnpm install\n\n:::\n\n::: details 安装方式 2\n\nyarn add\n\n:::');
    expect(a.content).toContain('::: details 查看答案\n\n答案是 42。\n\n:::');
    expect(a.content).toMatch(new RegExp(`!\\[一张照片\\]\\(${MEDIA_PNG} "一张照片"\\)`));
    expect(a.content).toContain(`app.js\n\n${FENCE}js\nconst tag = "{% note %}";\n${FENCE}`);
    expect(a.content).toContain('{{ page.title }} 和 {% note %}');
    expect(a.content).toContain(`参见 [Hexo 第二篇](/article?id=${b.id}) 和 [另一篇文章](/article?id=${b.id})，以及 [相对链接](/article?id=${b.id})。`);
    expect(a.content).toContain('{% post_link nowhere %}');
    expect(b.content).toBe(`返回 [Hexo 第一篇](/article?id=${a.id})。\n`);

    const html = renderArticleBody(a.content);
    expect(html).toMatch(/md-editor-admonition-danger"[^>]*>\s*<p[^>]*>警告<\/p>\s*<p[^>]*><strong>危险<\/strong> 操作<\/p>/);
    expect(html).toMatch(/<details class="disclosure"><summary>安装方式 2<\/summary>\s*<p[^>]*>yarn add<\/p>/);
    expect(html).toMatch(/<code class="language-js">[\s\S]*\{% note %\}/);
    expect(html).toContain(`<a href="/article?id=${b.id}">Hexo 第二篇</a>`);

    const outcome = outcomes.get('hexo-a.md')!;
    expect(outcome.unknownShortcodes).toEqual({ '{% bilibili %}': 1 });
    expect(outcome.warnings).toContain(text.missingPost('nowhere'));
  });
});

describe('shortcode conversion', () => {
  const noPosts: PostContext = { assetFolder: 'post', findPost: async () => undefined };
  const convert = async (body: string) => (await convertShortcodes(body, noPosts)).markdown;

  it('leaves Markdown without shortcodes as it is', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom('a', '中', '`', '\n', ' ', '{', '}', '<', '>', '%', '!', '-', '[', ']', '(', ')') }), async (body) => {
        fc.pre(!/\{\{[<%]|\{%|<!--/.test(body));
        expect(await convert(body)).toBe(body.replace(/\s+$/, ''));
      }),
    );
  });

  it('maps the themes’ callout names onto info, tip, warning and danger', async () => {
    expect(await convert('{{< alert theme="success" >}}x{{< /alert >}}')).toBe('!!! tip 提示\n\nx\n\n!!!');
    expect(await convert('{{< notice error >}}x{{< /notice >}}')).toBe('!!! danger 警告\n\nx\n\n!!!');
    expect(await convert('{{< admonition type=caution title="小心" >}}x{{< /admonition >}}')).toBe('!!! warning 小心\n\nx\n\n!!!');
    expect(await convert('{% note default %}x{% endnote %}')).toBe('!!! info 说明\n\nx\n\n!!!');
    expect(await convert('{{< hint >}}x{{< /hint >}}')).toBe('!!! info 说明\n\nx\n\n!!!');
  });

  it('nests: a callout in a callout becomes a quote, a disclosure holding another gets the longer fence', async () => {
    const nested = await convert('{{< alert >}}外{{< notice warning >}}内{{< /notice >}}{{< /alert >}}');
    expect(nested).toBe('!!! info 说明\n\n外\n\n> **注意**\n>\n> 内\n\n!!!');
    const disclosures = await convert('{{< expand "外层" >}}\n{{< tabs >}}{{< tab "甲" >}}内层{{< /tab >}}{{< /tabs >}}\n{{< /expand >}}');
    expect(disclosures).toBe(':::: details 外层\n\n::: details 甲\n\n内层\n\n:::\n\n::::');
    expect(renderArticleBody(disclosures)).toMatch(/<details class="disclosure"><summary>外层<\/summary>\s*<details class="disclosure"><summary>甲<\/summary>\s*<p[^>]*>内层<\/p>\s*<\/details>\s*<\/details>/);
  });

  it('shows an unknown shortcode exactly as written, backticks and Markdown characters included', async () => {
    const body = await convert('前 {{< tweet user="a_b_c" id="`1`" >}} 后');
    expect(body).toBe('前 ``{{< tweet user="a_b_c" id="`1`" >}}`` 后');
    expect(renderArticleBody(body)).toContain('<p data-line="0">前 <code>{{&lt; tweet user="a_b_c" id="`1`" &gt;}}</code> 后</p>');
  });

  it('writes a post link as the bare target inside a link or a definition, else as a link titled by the post', async () => {
    const post: PostContext = {
      assetFolder: 'post',
      findPost: async (reference) => (reference === 'b' ? { target: '../b/index.md', title: '第二篇' } : undefined),
    };
    const converted = await convertShortcodes('[看这里]({{< ref "b" >}}) {{< ref "b#小节" >}}\n\n[id]: {{< relref "b" >}}\n\n{{< ref "c" >}}', post);
    expect(converted.markdown).toBe('[看这里](../b/index.md) [第二篇](../b/index.md#小节)\n\n[id]: ../b/index.md\n\n{{< ref "c" >}}');
    expect(converted.missingPosts).toEqual(['c']);
  });

  it('writes Hugo’s shown shortcodes as the shortcode they show, and highlight as fenced code', async () => {
    expect(await convert('{{< highlight go >}}\nfmt.Println("{{</* alert */>}}")\n{{< /highlight >}}')).toBe(
      `${FENCE}go\nfmt.Println("{{< alert >}}")\n${FENCE}`,
    );
  });
});

describe('Butterfly tag plugins', () => {
  const noPosts: PostContext = { assetFolder: 'post', findPost: async () => undefined };
  const convert = (body: string) => convertShortcodes(body, noPosts);

  it('turns buttons into links, labels and coloured text into text, and a timeline into a dated list', async () => {
    const { markdown, unknown } = await convert(
      [
        '看 {% btn https://a.cn/x, 下载, far fa-hand-point-right, outline blue larger %} 吧',
        '',
        '{% btns rounded grid5 %}',
        '{% cell 百度, https://www.baidu.com, https://x/a.png %}',
        '{% cell 谷歌, https://google.com %}',
        '{% endbtns %}',
        '',
        '这是 {% label 重点 blue %} 和 {% span red, 红字 %}。',
        '',
        '{% timeline 2022,blue %}',
        '{% timenode 2022-01-02 %}',
        '开始 **写** 博客',
        '{% endtimenode %}',
        '{% timenode 2022-05-06 %}',
        '第二件事',
        '{% endtimenode %}',
        '{% endtimeline %}',
      ].join('\n'),
    );
    expect(markdown).toBe(
      [
        '看 [下载](https://a.cn/x) 吧',
        '',
        '- [百度](https://www.baidu.com)',
        '- [谷歌](https://google.com)',
        '',
        '这是 **重点** 和 红字。',
        '',
        '**2022**',
        '- **2022-01-02**：开始 **写** 博客',
        '- **2022-05-06**：第二件事',
      ].join('\n'),
    );
    expect(unknown).toEqual({});
  });

  it('turns galleries into pictures, hidden parts into disclosures, and tip, checkbox, kbd, mermaid and score into ours', async () => {
    const { markdown, unknown } = await convert(
      [
        '{% gallery %}',
        '![](https://i.loli.net/a.jpg)',
        '{% endgallery %}',
        '',
        '{% galleryGroup 壁纸 收藏的壁纸 /Gallery/wallpaper https://i.loli.net/c.png %}',
        '',
        '答案 {% hideInline 42,点我,#FF7242,#fff %}',
        '',
        '{% hideBlock 查看答案 %}',
        '很长的答案',
        '{% endhideBlock %}',
        '',
        '{% tip warning %}小心{% endtip %}',
        '',
        '{% checkbox green checked, 已完成 %}',
        '',
        '按 {% kbd Ctrl %} 和 {% inlineImg https://x/e.png 20px %}',
        '',
        '{% mermaid %}',
        'graph TD; A-->B',
        '{% endmermaid %}',
        '',
        '{% score %}',
        '好看 ⭐⭐⭐⭐',
        '{% endscore %}',
        '',
        '{% bilibili 123 %}',
      ].join('\n'),
    );
    expect(markdown).toBe(
      [
        '![](https://i.loli.net/a.jpg)',
        '',
        '[![壁纸](https://i.loli.net/c.png "收藏的壁纸")](/Gallery/wallpaper)',
        '',
        '答案',
        '',
        '::: details 点我\n\n42\n\n:::',
        '',
        '::: details 查看答案\n\n很长的答案\n\n:::',
        '',
        '!!! warning 注意\n\n小心\n\n!!!',
        '',
        '- [x] 已完成',
        '',
        '按 `Ctrl` 和 ![](https://x/e.png)',
        '',
        '```mermaid\ngraph TD; A-->B\n```',
        '',
        '> 好看 ⭐⭐⭐⭐',
        '',
        '`{% bilibili 123 %}`',
      ].join('\n'),
    );
    // Only what we cannot say is kept as written, and counted.
    expect(unknown).toEqual({ '{% bilibili %}': 1 });
    expect(renderArticleBody(markdown)).toMatch(/<details class="disclosure"><summary>查看答案<\/summary>/);
  });
});
