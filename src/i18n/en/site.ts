import type { Translation } from '../translation';
import type { site as zh } from '../zh-CN/site';

export const site = {
  defaultName: 'Personal blog',
  /** A site's settings before its blogger has set any: the first start without the demo content. */
  defaults: {
    name: 'My blog',
    author: 'Author',
    motto: 'Notes on life and things learned.',
    typedMottos: [
      'Write down what you want to say, for your future self.',
      'Slow is smooth, and smooth is fast.',
      'Explaining what you learned is the best way to review it.',
    ],
    notice: 'Welcome to my blog!',
  },
} as const satisfies Translation<typeof zh>;
