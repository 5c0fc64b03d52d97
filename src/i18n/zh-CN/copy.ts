import { localised } from '../language';

export const copy = localised('copy', {
  noTarget: '没有需要复制的目标内容',
  succeeded: (text: string) => `复制成功，剪贴板内容：${text}`,
  failed: '复制失败',
} as const);
