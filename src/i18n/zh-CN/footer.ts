import { localised } from '../language';

export const footer = localised('footer', {
  copyright: (year: number, name: string) => `© ${year} ${name}`,
  poweredBy: '技术栈',
  filing: '备案号',
  versionLabel: '版本',
  version: (v: string) => `v${v}`,
} as const);
