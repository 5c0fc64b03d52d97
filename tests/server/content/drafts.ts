import type { ArticleDraft } from '../../../server/domain/content/article';

let counter = 0;

/** A public article draft with unique source key and title; override what a test cares about. */
export function draft(overrides: Partial<ArticleDraft> = {}): ArticleDraft {
  counter += 1;
  return {
    sourceKey: `post-${counter}`,
    title: `文章${counter}`,
    content: `正文${counter}\n`,
    summary: `摘要${counter}`,
    cover: '',
    category: null,
    tags: [],
    pinned: false,
    pinOrder: 0,
    status: 'public',
    createdAt: new Date(Date.UTC(2024, 0, 1) + counter * 60_000).toISOString(),
    updatedAt: new Date(Date.UTC(2024, 0, 1) + counter * 60_000).toISOString(),
    ...overrides,
  };
}
