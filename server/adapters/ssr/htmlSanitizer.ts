import sanitizeHtml from 'sanitize-html';

const SVG_ATTRIBUTES = ['xmlns', 'width', 'height', 'viewbox', 'viewBox', 'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'];

/**
 * What the browser's DOMPurify keeps of the HTML that md-editor-rt makes from Markdown, for a render on the
 * server (DOMPurify needs a DOM): the Markdown tags, code blocks with their fold and copy controls, tables,
 * task lists and images; no script, frame, form or event handler, and only web and mail links.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'details',
    'summary',
    'figure',
    'figcaption',
    'input',
    'del',
    'ins',
    'kbd',
    'mark',
    'sub',
    'sup',
    'svg',
    'path',
    'circle',
    'rect',
    'line',
    'polyline',
    'polygon',
    'g',
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'align', 'style', 'data-*', 'open'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    input: ['type', 'checked', 'disabled'],
    svg: SVG_ATTRIBUTES,
    path: ['d', ...SVG_ATTRIBUTES],
    circle: ['cx', 'cy', 'r', ...SVG_ATTRIBUTES],
    rect: ['x', 'y', 'rx', 'ry', ...SVG_ATTRIBUTES],
    line: ['x1', 'y1', 'x2', 'y2', ...SVG_ATTRIBUTES],
    polyline: ['points', ...SVG_ATTRIBUTES],
    polygon: ['points', ...SVG_ATTRIBUTES],
    g: SVG_ATTRIBUTES,
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Self-closing SVG shapes must stay as they are, or the icons' markup would differ from the browser's.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'path', 'circle', 'rect', 'line', 'polyline', 'polygon'],
  parser: { lowerCaseAttributeNames: false },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
