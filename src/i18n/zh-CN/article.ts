import { localised } from '../language';

/** The article page. */
export const article = localised('article', {
  published: '发表于',
  updated: '更新于',
  views: '阅读量',
  words: '字数',
  readingTime: '阅读时长',
  minutes: (n: number) => `${n} 分钟`,
  toc: '目录',
  /** The tooltip of a formula KaTeX cannot typeset, before KaTeX's own reason. */
  mathError: '公式无法排版',
  themes: '阅读主题',
  previewTheme: '预览主题',
  codeTheme: '代码主题',
  previewThemeNames: {
    default: '默认',
    github: 'GitHub',
    vuepress: 'VuePress',
    'mk-cute': 'MK Cute',
    'smart-blue': 'Smart Blue',
    cyanosis: 'Cyanosis',
  },
  codeThemeNames: {
    atom: 'Atom',
    a11y: 'A11y',
    github: 'GitHub',
    gradient: 'Gradient',
    kimbie: 'Kimbie',
    paraiso: 'Paraíso',
    qtcreator: 'Qt Creator',
    stackoverflow: 'Stack Overflow',
  },
  like: '点赞',
  neighbours: '上一篇与下一篇',
  previous: '上一篇',
  next: '下一篇',
  noNeighbour: '没有了',
  related: '相关推荐',
  notFound: '文章不存在',
  notFoundHint: '它可能已被删除，或者链接有误',
} as const);
