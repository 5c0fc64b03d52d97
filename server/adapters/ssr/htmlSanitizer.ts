import sanitizeHtml from 'sanitize-html';

const SVG_ATTRIBUTES = ['xmlns', 'width', 'height', 'viewbox', 'viewBox', 'preserveAspectRatio', 'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'];
/** The MathML KaTeX writes beside its HTML (read by screen readers; `annotation` holds the TeX), and its attributes. */
const MATHML_TAGS = ['math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'mtext', 'mspace', 'mfrac', 'msqrt', 'mroot', 'msub', 'msup', 'msubsup', 'munder', 'mover', 'munderover', 'mtable', 'mtr', 'mtd', 'mlabeledtr', 'mstyle', 'mpadded', 'mphantom', 'menclose'];
const MATHML_ATTRIBUTES = ['xmlns', 'display', 'encoding', 'mathvariant', 'mathcolor', 'mathbackground', 'mathsize', 'displaystyle', 'scriptlevel', 'fence', 'separator', 'stretchy', 'largeop', 'minsize', 'maxsize', 'lspace', 'rspace', 'accent', 'accentunder', 'linethickness', 'notation', 'width', 'height', 'depth', 'voffset', 'columnalign', 'columnspacing', 'columnlines', 'rowspacing', 'rowlines', 'linebreak'];

/**
 * What the browser's DOMPurify keeps of the HTML that md-editor-rt makes from Markdown, for a render on the
 * server (DOMPurify needs a DOM): the Markdown tags, code blocks with their fold and copy controls, tables,
 * task lists, images and KaTeX's formulas; no script, frame, form or event handler, and only web and mail links.
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
    ...MATHML_TAGS,
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
    span: ['aria-hidden'],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_ATTRIBUTES])),
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
