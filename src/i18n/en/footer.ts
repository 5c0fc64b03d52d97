import type { Translation } from '../translation';
import type { footer as zh } from '../zh-CN/footer';

export const footer = {
  copyright: (year: number, name: string) => `© ${year} ${name}`,
  poweredBy: 'Built with',
  filing: 'Filing number',
  versionLabel: 'Version',
  version: (v: string) => `v${v}`,
} as const satisfies Translation<typeof zh>;
