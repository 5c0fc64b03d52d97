import type MarkdownIt from 'markdown-it';
import container from 'markdown-it-container';
import type { MarkdownItConfigPlugin } from 'md-editor-rt';

/**
 * `::: details title` … `:::` (as VitePress writes it) is a disclosure section: `<details>` with the title as
 * its `<summary>`. The importer turns Hugo's and Hexo's tabs and expanders into these, and their callouts into
 * md-editor-rt's own `!!! kind title` admonitions.
 */
export const disclosurePlugin: MarkdownItConfigPlugin = {
  type: 'disclosure',
  options: {},
  plugin: (md: MarkdownIt) =>
    // The same markdown-it: @types/markdown-it-container names its CommonJS types, md-editor-rt its ES module ones.
    container(md as unknown as Parameters<typeof container>[0], 'details', {
      render: (tokens, index) => {
        const token = tokens[index]!;
        if (token.nesting !== 1) return '</details>\n';
        const title = token.info.trim().replace(/^details\s*/, '');
        return `<details class="disclosure"><summary>${md.renderInline(title)}</summary>\n`;
      },
    }),
};
