export const site = {
  defaultName: '个人博客',
} as const;
