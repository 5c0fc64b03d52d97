import { localised } from '../language';

export const empty = localised('empty', {
  generic: '这里还什么都没有',
  hint: '过些日子再来看看吧',
} as const);
