import type { Translation } from '../translation';
import type { talks as zh } from '../zh-CN/talks';
import { plural } from './plural';

/** The talks (说说): the list, one talk, its likes and comments. */
export const talks = {
  empty: 'No notes yet',
  all: 'See all notes',
  permalink: 'Permalink',
  image: (n: number) => `View image ${n}`,
  likeName: (liked: boolean, shown: string) => `${liked ? 'Unlike' : 'Like this note'}, ${plural(shown, 'like')}`,
  comments: (n: number) => plural(n, 'comment'),
  hideComments: 'Hide comments',
} as const satisfies Translation<typeof zh>;
