import type { Translation } from '../translation';
import type { empty as zh } from '../zh-CN/empty';

export const empty = {
  generic: 'Nothing here yet',
  hint: 'Check back soon',
} as const satisfies Translation<typeof zh>;
