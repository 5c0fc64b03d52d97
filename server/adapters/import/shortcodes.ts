import { contentMessages } from '../../domain/content/messages';
import { isImageTarget } from './markdownLinks';
import { parseShortcodes, unescapeHugo, type ShortcodeNode, type TagArguments } from './shortcodeSyntax';

const words = contentMessages.importer.shortcodes;

/**
 * What Hugo shortcodes and Hexo tag plugins become on import, as Markdown our renderer shows:
 * - callouts (Hugo alert, notice, admonition, hint; Hexo note) → md-editor-rt's `!!! kind title` admonition, of
 *   the kinds info, tip, warning and danger (the themes' other names are mapped onto these);
 * - tabs and expanders (Hugo tabs/tab, expand, details; Hexo tabs with `<!-- tab -->`, folding, fold,
 *   hideToggle, details) → `::: details title` disclosure sections, one per tab;
 * - Hugo figure, Hexo asset_img → `![caption](src "caption")`, copied later like every local image;
 * - Hugo highlight, Hexo codeblock/code → fenced code; Hexo raw → its text as written;
 * - Hugo ref/relref, Hexo post_link/post_path → a relative link to the post's file, which the importer turns
 *   into the article's address once every post has one.
 * - Butterfly's (and NexT's, Stellar's) tag plugins: btn/btns/cell → links, label/span/p → emphasised text,
 *   timeline/timenode → a titled list with dates, gallery/galleryGroup/inlineImg → pictures, hideInline/
 *   hideBlock → disclosure sections, tip → a callout, checkbox → a task list item, kbd → inline code,
 *   mermaid → a mermaid code block, score → a quote.
 * Anything else is kept as inline code (so it shows as written) and counted by name.
 */

export type CalloutKind = 'info' | 'tip' | 'warning' | 'danger';

/** The themes' names for callout colours, each mapped onto one of our kinds. */
const KIND_NAMES: Record<CalloutKind, string[]> = {
  info: ['info', 'note', 'primary', 'default', 'secondary', 'blue', 'abstract', 'summary', 'quote', 'example', 'light', 'purple', 'pink'],
  tip: ['tip', 'tips', 'success', 'hint', 'green', 'check', 'done'],
  warning: ['warning', 'warn', 'caution', 'attention', 'important', 'question', 'orange', 'yellow'],
  danger: ['danger', 'error', 'failure', 'fail', 'bug', 'red'],
};
const KIND_OF = new Map(Object.entries(KIND_NAMES).flatMap(([kind, names]) => names.map((name) => [name, kind as CalloutKind])));
const kindOf = (word: string | undefined): CalloutKind | undefined => (word ? KIND_OF.get(word.toLowerCase()) : undefined);

/** An imported post a reference names: a link target relative to the post being converted, and its title. */
export interface LinkedPost {
  target: string;
  title: string;
}

export interface PostContext {
  /** Hexo's folder of the post's own assets (`post_asset_folder`), relative to the post. */
  assetFolder: string;
  /** The imported post a Hugo ref/relref path or a Hexo post_link slug names, if any. */
  findPost(reference: string): Promise<LinkedPost | undefined>;
}

export interface Conversion {
  markdown: string;
  /** The converted text before `<!--more-->`, when the post has one. */
  excerpt?: string;
  /** Shortcodes and tag plugins kept as text, by name as written (`{{< youtube >}}`, `{% bilibili %}`). */
  unknown: Record<string, number>;
  /** References to posts that are not among the imported files, as written. */
  missingPosts: string[];
}

/** Text of a link or image description: brackets and backslashes escaped. */
const markdownLabel = (text: string) => text.replace(/[[\]\\]/g, '\\$&');
/** A link destination, in angle brackets when it has spaces or brackets. */
const destination = (target: string) => (/[\s()<>]/.test(target) ? `<${target.replace(/[<>]/g, encodeURIComponent)}>` : target);
const longestRun = (text: string, pattern: RegExp) => Math.max(0, ...[...text.matchAll(pattern)].map((m) => m[0].length));

function fenced(code: string, language: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(code, /`+/g) + 1));
  return `${fence}${language}\n${code.replace(/^[ \t]*\r?\n/, '').replace(/\r?\n[ \t]*$/, '')}\n${fence}`;
}

/** Inline code showing the text exactly as written, whatever backticks it holds. */
function shownAsWritten(raw: string): string {
  const text = raw.replace(/\s*\n\s*/g, ' ');
  const fence = '`'.repeat(longestRun(text, /`+/g) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Writes Markdown, keeping blocks in paragraphs of their own. */
class MarkdownWriter {
  private out = '';
  /** The next text starts a new paragraph. */
  private separate = false;

  write(text: string): void {
    let next = text;
    if (this.separate) {
      next = next.replace(/^\s*\n|^[ \t]+/, '');
      if (next === '') return;
      if (this.out !== '') this.out += '\n\n';
      this.separate = false;
    }
    this.out += next;
  }

  block(text: string): void {
    this.paragraphBreak();
    this.write(text);
    this.separate = true;
  }

  paragraphBreak(): void {
    this.out = this.out.replace(/\s+$/, '');
    this.separate = true;
  }

  /** Whether the text so far opens a link's target: `[text](` or a definition's `[id]: `. */
  get inLinkTarget(): boolean {
    return /(?:\]\(\s*|(?:^|\n) {0,3}\[[^\]\n]+\]:[ \t]*)$/.test(this.out);
  }

  get text(): string {
    return this.out.replace(/\s+$/, '');
  }
}

interface Scope {
  /** Inside a callout: md-editor-rt's admonitions do not nest, so an inner one becomes a quote. */
  inCallout: boolean;
}

type TagNode = Extract<ShortcodeNode, { type: 'tag' }>;
/** Writes what a tag becomes; false when it cannot be converted (it is then kept as written). */
type Rule = (c: Converter, node: TagNode, scope: Scope, writer: MarkdownWriter) => Promise<boolean>;

class Converter {
  readonly result: Conversion = { markdown: '', unknown: {}, missingPosts: [] };

  constructor(readonly post: PostContext) {}

  async convert(body: string): Promise<Conversion> {
    const writer = new MarkdownWriter();
    const scope = { inCallout: false };
    for (const node of parseShortcodes(body)) {
      if (node.type === 'more' && this.result.excerpt === undefined) this.result.excerpt = writer.text;
      await this.emitNode(node, scope, writer);
    }
    this.result.markdown = writer.text;
    return this.result;
  }

  async emitNode(node: ShortcodeNode, scope: Scope, writer: MarkdownWriter): Promise<void> {
    if (node.type === 'text') writer.write(node.text);
    else if (node.type === 'more') writer.paragraphBreak();
    else {
      const rule = node.tag.closing ? undefined : RULES[`${node.tag.syntax}:${node.tag.name.toLowerCase()}`];
      if (!rule || !(await rule(this, node, scope, writer))) await this.keepAsWritten(node, scope, writer);
    }
  }

  /** The converted content between a tag and its closing tag. */
  async inner(node: TagNode, scope: Scope): Promise<string> {
    const writer = new MarkdownWriter();
    for (const child of node.body?.nodes ?? []) await this.emitNode(child, scope, writer);
    return writer.text.replace(/^\s*\n/, '');
  }

  callout(writer: MarkdownWriter, kind: CalloutKind, title: string, content: string, scope: Scope): void {
    const heading = title.replace(/\s+/g, ' ').trim() || words.callout[kind];
    if (!scope.inCallout) {
      writer.block(`!!! ${kind} ${heading}\n\n${content}\n\n!!!`);
      return;
    }
    const quoted = `**${heading}**\n\n${content}`.split('\n').map((line) => (line ? `> ${line}` : '>'));
    writer.block(quoted.join('\n'));
  }

  disclosure(writer: MarkdownWriter, title: string, content: string): void {
    // An outer container needs a longer fence than the ones it holds.
    const fence = ':'.repeat(Math.max(3, longestRun(content, /^ {0,3}:{3,}/gm) + 1));
    writer.block(`${fence} details ${title.replace(/\s+/g, ' ').trim() || words.expand}\n\n${content}\n\n${fence}`);
  }

  /** A link to another post: the bare target inside `[text](…)`, else a link with its own text. */
  async postLink(writer: MarkdownWriter, node: TagNode, reference: string | undefined, text?: string): Promise<boolean> {
    if (!reference || node.body) return false;
    const [path = '', fragment] = reference.split('#');
    const found = await this.post.findPost(path);
    if (!found) {
      // Left as written, so the blogger sees which link to mend.
      this.result.missingPosts.push(reference);
      writer.write(node.tag.raw);
      return true;
    }
    const target = fragment ? `${found.target}#${fragment}` : found.target;
    writer.write(writer.inLinkTarget ? target : `[${markdownLabel(text || found.title)}](${destination(target)})`);
    return true;
  }

  private async keepAsWritten(node: TagNode, scope: Scope, writer: MarkdownWriter): Promise<void> {
    // A stray `<!-- tab -->` is an HTML comment like any other.
    const shown = node.tag.syntax === 'hexoTab' ? (raw: string) => raw : shownAsWritten;
    if (node.tag.syntax !== 'hexoTab') {
      const name = node.tag.syntax === 'hugo' ? `{{< ${node.tag.name} >}}` : `{% ${node.tag.name} %}`;
      this.result.unknown[name] = (this.result.unknown[name] ?? 0) + 1;
    }
    writer.write(shown(node.tag.raw));
    if (!node.body) return;
    for (const child of node.body.nodes) await this.emitNode(child, scope, writer);
    writer.write(shown(node.body.closeRaw));
  }
}

/** Converts the shortcodes and tag plugins of one post's Markdown body. */
export function convertShortcodes(body: string, post: PostContext): Promise<Conversion> {
  return new Converter(post).convert(body);
}

function image(alt: string, src: string, caption: string): string {
  return `![${markdownLabel(alt)}](${destination(src)}${caption ? ` "${caption.replace(/["\\]/g, '\\$&')}"` : ''})`;
}

const named = (args: TagArguments, ...keys: string[]) => keys.map((key) => args.named[key]).find(Boolean);

/** Hugo callouts: the kind by name (`theme=`, `type=`…) or as a word, the title by name or after the kind. */
function hugoCallout(args: TagArguments): { kind: CalloutKind; title: string } {
  const at = args.positional.findIndex((word) => kindOf(word));
  const kind = kindOf(named(args, 'theme', 'type', 'color', 'kind', 'class', 'style')) ?? kindOf(args.positional[at]) ?? 'info';
  return { kind, title: named(args, 'title') ?? (at >= 0 ? (args.positional[at + 1] ?? '') : '') };
}

const calloutRule =
  (read: (args: TagArguments) => { kind: CalloutKind; title: string }): Rule =>
  async (c, node, scope, writer) => {
    if (!node.body) return false;
    const { kind, title } = read(node.tag.args);
    c.callout(writer, kind, title, await c.inner(node, { inCallout: true }), scope);
    return true;
  };

const disclosureRule =
  (titleOf: (args: TagArguments) => string | undefined): Rule =>
  async (c, node, scope, writer) => {
    if (!node.body) return false;
    c.disclosure(writer, titleOf(node.tag.args) ?? '', await c.inner(node, scope));
    return true;
  };

const hugoTabTitle = (args: TagArguments) => named(args, 'title', 'name', 'header') ?? args.positional[0];
const hexoTabTitle = (args: TagArguments) => args.text.replace(/@\S+/g, '').trim();

/** Tabs: each tab a disclosure section titled by its name (else the group's name and number, as NexT does). */
const tabsRule =
  (tabSyntax: 'hugo' | 'hexoTab', titleOf: (args: TagArguments) => string | undefined, groupOf: (args: TagArguments) => string): Rule =>
  async (c, node, scope, writer) => {
    if (!node.body) return false;
    const group = groupOf(node.tag.args);
    let index = 0;
    for (const child of node.body.nodes) {
      if (child.type === 'tag' && child.tag.syntax === tabSyntax && child.tag.name === 'tab' && !child.tag.closing && child.body) {
        index += 1;
        c.disclosure(writer, titleOf(child.tag.args) || (group ? `${group} ${index}` : words.tab(index)), await c.inner(child, scope));
      } else await c.emitNode(child, scope, writer);
    }
    return true;
  };

const codeRule =
  (read: (args: TagArguments) => { language: string; title: string }, source: (text: string) => string = (text) => text): Rule =>
  async (_c, node, _scope, writer) => {
    if (!node.body) return false;
    const { language, title } = read(node.tag.args);
    if (title) writer.block(title);
    writer.block(fenced(source(node.body.source), language));
    return true;
  };

/** Hexo's `{% codeblock [title] [lang:language] [url] [link text] [option:value…] %}`. */
function hexoCode(args: TagArguments): { language: string; title: string } {
  const language = args.positional.find((word) => word.startsWith('lang:'))?.slice(5) ?? '';
  const url = args.positional.findIndex((word) => /^https?:\/\//.test(word));
  const title = (url >= 0 ? args.positional.slice(0, url) : args.positional).filter((word) => !/^\w+:/.test(word));
  return { language, title: title.join(' ') };
}

/** `{% asset_img [class names] slug [width] [height] [title text [alt text]] %}`, the slug in the post's asset folder. */
const assetImage: Rule = async (c, node, _scope, writer) => {
  const args = node.tag.args.positional;
  const at = Math.max(0, args.findIndex((word) => isImageTarget(word)));
  if (!args[at] || node.body) return false;
  const rest = args.slice(at + 1);
  while (rest[0] !== undefined && /^\d+(px|%)?$/.test(rest[0])) rest.shift();
  const text = rest.join(' ');
  const [, title = text, alt = title] = /^"([^"]*)"\s*"([^"]*)"$/.exec(text) ?? [];
  writer.block(image(alt, `${c.post.assetFolder}/${args[at]}`, title));
  return true;
};

/** Butterfly splits its tags' arguments on commas: `{% btn url, text, icon, option %}`. */
const commaArgs = (args: TagArguments) => args.text.split(',').map((part) => part.trim());
const link = (text: string, url: string) => `[${markdownLabel(text || url)}](${destination(url || '#')})`;
const bold = (text: string) => (text ? `**${text.replace(/\*/g, '\\*')}**` : '');

/** A tag without a body: `emit` gives what it becomes, inline or as a block, or nothing to keep it as written. */
const bodilessRule =
  (emit: (args: TagArguments) => string | undefined, placement: 'inline' | 'block' = 'inline'): Rule =>
  async (_c, node, _scope, writer) => {
    const text = node.body ? undefined : emit(node.tag.args);
    if (!text) return false;
    if (placement === 'block') writer.block(text);
    else writer.write(text);
    return true;
  };

/** A tag with a body whose converted content becomes one block. */
const blockRule =
  (emit: (content: string, args: TagArguments) => string): Rule =>
  async (c, node, scope, writer) => {
    if (!node.body) return false;
    writer.block(emit(await c.inner(node, scope), node.tag.args));
    return true;
  };

const quoted = (content: string) => content.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');

/** Butterfly's `{% timeline title %}` of `{% timenode date %}…{% endtimenode %}`: a titled list, a date per item. */
const timeline: Rule = async (c, node, scope, writer) => {
  if (!node.body) return false;
  const items: string[] = [];
  for (const child of node.body.nodes) {
    if (child.type === 'tag' && child.tag.syntax === 'hexo' && child.tag.name.toLowerCase() === 'timenode' && child.body) {
      const content = (await c.inner(child, scope)).split('\n').join('\n  ');
      items.push(`- ${bold(commaArgs(child.tag.args)[0] ?? '')}：${content}`);
    } else if (child.type !== 'text' || child.text.trim() !== '') {
      const inner = new MarkdownWriter();
      await c.emitNode(child, scope, inner);
      items.push(inner.text);
    }
  }
  const title = node.tag.args.text.split(',')[0]!.trim();
  writer.block([title ? `${bold(title)}\n` : '', items.join('\n')].join(''));
  return true;
};

const RULES: Record<string, Rule> = {
  'hugo:alert': calloutRule(hugoCallout),
  'hugo:notice': calloutRule(hugoCallout),
  'hugo:admonition': calloutRule(hugoCallout),
  'hugo:hint': calloutRule(hugoCallout),
  'hexo:note': calloutRule((args) => ({ kind: args.positional.map(kindOf).find(Boolean) ?? 'info', title: '' })),

  'hugo:tabs': tabsRule('hugo', hugoTabTitle, () => ''),
  'hugo:tabpane': tabsRule('hugo', hugoTabTitle, () => ''),
  'hugo:tab': disclosureRule(hugoTabTitle),
  'hugo:expand': disclosureRule((args) => named(args, 'title') ?? args.positional[0]),
  'hugo:details': disclosureRule((args) => named(args, 'title', 'summary') ?? args.positional[0]),
  'hexo:tabs': tabsRule('hexoTab', hexoTabTitle, (args) => args.text.split(',')[0]!.trim()),
  // Volantis: `{% folding [options], title %}` (or just the title); Butterfly: `{% hideToggle title,bg,color %}`;
  // Fluid: `{% fold [kind] @title %}`.
  'hexo:folding': disclosureRule(({ text }) => text.slice(text.indexOf(',') + 1)),
  'hexo:hidetoggle': disclosureRule(({ text }) => text.split(',')[0]),
  'hexo:fold': disclosureRule(({ text }) => (text.includes('@') ? text.slice(text.indexOf('@') + 1) : text)),
  'hexo:details': disclosureRule(({ text }) => text),

  'hugo:figure': async (_c, node, _scope, writer) => {
    const src = named(node.tag.args, 'src');
    if (!src || node.body) return false;
    const caption = named(node.tag.args, 'caption', 'title') ?? '';
    writer.block(image(named(node.tag.args, 'alt') ?? caption, src, caption));
    return true;
  },
  'hexo:asset_img': assetImage,
  'hexo:asset_image': assetImage,

  'hugo:highlight': codeRule((args) => ({ language: args.positional[0] ?? '', title: '' }), unescapeHugo),
  'hexo:codeblock': codeRule(hexoCode),
  'hexo:code': codeRule(hexoCode),
  'hexo:raw': async (_c, node, _scope, writer) => {
    if (!node.body) return false;
    writer.write(node.body.source);
    return true;
  },

  'hugo:ref': (c, node, _scope, writer) => c.postLink(writer, node, named(node.tag.args, 'path') ?? node.tag.args.positional[0]),
  'hugo:relref': (c, node, _scope, writer) => c.postLink(writer, node, named(node.tag.args, 'path') ?? node.tag.args.positional[0]),
  // `{% post_link slug [title] [escape] %}`
  'hexo:post_link': (c, node, _scope, writer) => {
    const [slug, ...title] = node.tag.args.positional;
    if (title.at(-1) === 'true' || title.at(-1) === 'false') title.pop();
    return c.postLink(writer, node, slug, title.join(' '));
  },
  'hexo:post_path': (c, node, _scope, writer) => c.postLink(writer, node, node.tag.args.positional[0]),

  // Butterfly: `{% btn url,text,icon,option %}`; `{% btns style %}{% cell text,url,image %}…{% endbtns %}`.
  'hexo:btn': bodilessRule((args) => {
    const [url = '', text = ''] = commaArgs(args);
    return (url || text) && link(text, url);
  }),
  'hexo:cell': bodilessRule((args) => {
    const [text = '', url = ''] = commaArgs(args);
    return (text || url) && `- ${link(text, url)}`;
  }),
  'hexo:btns': blockRule((content) => content),
  // `{% label text color %}`, `{% span style, text %}`, `{% p style, text %}`: colours are the theme's, the text ours.
  'hexo:label': bodilessRule((args) => bold(args.positional[0] ?? '')),
  'hexo:span': bodilessRule((args) => commaArgs(args).slice(1).join(',')),
  'hexo:p': bodilessRule((args) => commaArgs(args).slice(1).join(','), 'block'),
  'hexo:timeline': timeline,
  // `{% gallery [lazyload],[rowHeight],[limit] %}![](a) ![](b){% endgallery %}`: the pictures, as a group of their own.
  'hexo:gallery': blockRule((content) => content),
  // `{% galleryGroup name description link img-url %}`: a picture linking to an album.
  'hexo:gallerygroup': bodilessRule((args) => {
    const [name = '', description = '', url = '', src = ''] = args.positional;
    return src && `[${image(name, src, description)}](${destination(url || src)})`;
  }, 'block'),
  'hexo:gallerygroupmain': blockRule((content) => content),
  // `{% inlineImg src height %}`
  'hexo:inlineimg': bodilessRule((args) => args.positional[0] && image('', args.positional[0], '')),
  // `{% hideInline content,display,bg,color %}`, `{% hideBlock display,bg,color %}…{% endhideBlock %}`
  'hexo:hideinline': async (c, node, _scope, writer) => {
    const [content = '', title = ''] = commaArgs(node.tag.args);
    if (node.body || !content) return false;
    c.disclosure(writer, title, content);
    return true;
  },
  'hexo:hideblock': disclosureRule(({ text }) => text.split(',')[0]),
  // `{% tip [class] %}…{% endtip %}`
  'hexo:tip': calloutRule((args) => ({ kind: args.positional.map(kindOf).find(Boolean) ?? 'tip', title: '' })),
  // `{% checkbox [style] [checked], text %}`
  'hexo:checkbox': async (_c, node, _scope, writer) => {
    const comma = node.tag.args.text.indexOf(',');
    const [options, text] = comma >= 0 ? [node.tag.args.text.slice(0, comma), node.tag.args.text.slice(comma + 1).trim()] : ['', node.tag.args.text];
    if (node.body || !text) return false;
    writer.block(`- [${/\bchecked\b/.test(options) ? 'x' : ' '}] ${text}`);
    return true;
  },
  'hexo:kbd': bodilessRule((args) => args.text && shownAsWritten(args.text)),
  'hexo:mermaid': codeRule(() => ({ language: 'mermaid', title: '' })),
  'hexo:score': blockRule(quoted),
};
