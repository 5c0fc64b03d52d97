import type { Translation } from '../translation';
import type { article as zh } from '../zh-CN/article';

/** The article page. */
export const article = {
  published: 'Published',
  updated: 'Updated',
  views: 'Views',
  words: 'Words',
  readingTime: 'Reading time',
  minutes: (n: number) => `${n} min`,
  toc: 'Contents',
  /** The tooltip of a formula KaTeX cannot typeset, before KaTeX's own reason. */
  mathError: 'This formula couldn’t be typeset',
  themes: 'Reading themes',
  previewTheme: 'Article theme',
  codeTheme: 'Code theme',
  previewThemeNames: {
    default: 'Default',
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
  like: 'Like',
  neighbours: 'Previous and next articles',
  previous: 'Previous',
  next: 'Next',
  noNeighbour: 'None',
  related: 'You might also like',
  notFound: 'Article not found',
  notFoundHint: 'It may have been deleted, or the link may be wrong',
} as const satisfies Translation<typeof zh>;
