import type { Translation } from '../translation';
import type { copy as zh } from '../zh-CN/copy';

export const copy = {
  noTarget: 'Nothing to copy',
  succeeded: (text: string) => `Copied to clipboard: ${text}`,
  failed: 'Couldn’t copy',
} as const satisfies Translation<typeof zh>;
