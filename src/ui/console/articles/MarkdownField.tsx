import { ImagePlus } from 'lucide-react';
import { EditorView } from '@codemirror/view';
import { config, MdEditor, NormalToolbar, type ExposeParam, type ToolbarNames } from 'md-editor-rt';
import { useRef } from 'react';
import type { CodeTheme, PreviewTheme } from '../../../domain/preferences/preferences';
import type { Theme } from '../../../domain/theme/theme';
import * as zhCN from '../../../i18n/zh-CN';
import { codeStyleUrl } from '../../features/article/markdown';
import { markdownProps, purify } from '../../features/article/markdownConfig';
import { UploadProgress } from './UploadProgress';
import { useImageUploads } from './useImageUploads';
// The editor's own stylesheet (it includes the preview's), and KaTeX's for formulas in the preview.
import 'md-editor-rt/lib/style.css';
import 'katex/dist/katex.min.css';

const text = zhCN.consoleArticles;
const EDITOR_ID = 'console-article-body';

/**
 * md-editor-rt's tools less those that fetch code from a CDN (Prettier, the cropper, full screen through
 * screenfull, Mermaid, KaTeX's own) or save by themselves; `0` is the upload button below.
 */
const TOOLBARS: ToolbarNames[] = [
  'bold', 'underline', 'italic', 'strikeThrough', '-',
  'title', 'sub', 'sup', 'quote', 'unorderedList', 'orderedList', 'task', '-',
  'codeRow', 'code', 'link', 'image', 0, 'table', '-',
  'revoke', 'next', '=',
  'pageFullscreen', 'preview', 'previewOnly', 'catalog',
];

const markdownImage = (url: string) => `![](${url})`;

// The text area (CodeMirror's `contenteditable`) is named for a screen reader, and is a tab stop of its own
// by attribute, as an axe audit sees it: the long article that scrolls its box is reached by the keyboard.
config({
  codeMirrorExtensions: (extensions, { editorId }) =>
    editorId === EDITOR_ID
      ? [
          ...extensions,
          {
            type: 'accessibleName',
            extension: EditorView.contentAttributes.of({ 'aria-label': text.editor.body, tabindex: '0' }),
          },
        ]
      : extensions,
});

interface MarkdownFieldProps {
  value: string;
  theme: Theme;
  previewTheme: PreviewTheme;
  codeTheme: CodeTheme;
  /** Side-by-side preview (wide screens); a phone edits and previews in turn. */
  preview: boolean;
  readOnly: boolean;
  onChange: (content: string) => void;
  onBlur: () => void;
}

/**
 * The Markdown body in md-editor-rt with the readers' renderer (highlight.js, KaTeX, the preview and code
 * themes). Pictures pasted, dropped or chosen with the toolbar's button upload with a progress bar and land
 * as Markdown links; a failed upload leaves the text as it was and says why.
 */
export function MarkdownField({ value, theme, previewTheme, codeTheme, preview, readOnly, onChange, onBlur }: MarkdownFieldProps) {
  const editor = useRef<ExposeParam>(undefined);
  const picker = useRef<HTMLInputElement>(null);
  const { uploads, upload } = useImageUploads();

  const insert = (urls: string[]) => {
    if (urls.length === 0) return;
    editor.current?.insert(() => ({ targetValue: urls.map(markdownImage).join('\n'), select: false, deviationStart: 0, deviationEnd: 0 }));
  };
  const onDrop = (event: globalThis.DragEvent) => {
    const files = Array.from(event.dataTransfer?.files ?? []).filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    // Not the editor's default, which would insert the file's bytes as text.
    event.preventDefault();
    void upload(files).then(insert);
  };

  return (
    <div className="markdown-field">
      {/* The code theme's stylesheet, bundled: md-editor-rt is given highlight.js and links none itself. */}
      <link rel="stylesheet" href={codeStyleUrl(codeTheme, previewTheme, theme)} />
      <UploadProgress uploads={uploads} />
      <MdEditor
        {...markdownProps()}
        ref={editor}
        id={EDITOR_ID}
        className="markdown-field__editor"
        value={value}
        theme={theme}
        previewTheme={previewTheme}
        codeTheme={codeTheme}
        preview={preview}
        readOnly={readOnly}
        noPrettier
        // The toolbar's own upload would fetch its cropper from a CDN; ours is the button below.
        noUploadImg
        sanitize={purify}
        toolbars={TOOLBARS}
        defToolbars={[
          <NormalToolbar key="upload" title={text.upload.image} onClick={() => picker.current?.click()}>
            <ImagePlus className="md-editor-icon" aria-hidden="true" />
          </NormalToolbar>,
        ]}
        footers={['markdownTotal']}
        onChange={onChange}
        onBlur={onBlur}
        onDrop={onDrop}
        onUploadImg={(files, done) => void upload(files).then((urls) => urls.length > 0 && done(urls))}
      />
      <input
        ref={picker}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => {
          void upload(Array.from(event.target.files ?? [])).then(insert);
          event.target.value = '';
        }}
      />
    </div>
  );
}
