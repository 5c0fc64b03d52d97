import type { Translation } from '../translation';
import type { consoleOverview as zh } from '../zh-CN/consoleOverview';

/** The console's landing page, its overview (issue 21). */
export const consoleOverview = {
  title: 'Overview',
  greeting: (name: string) => `Welcome back, ${name}`,
  loadFailed: 'The overview didn’t load',
  retry: 'Try again',
  articles: 'Articles',
  articleStatus: {
    published: 'Published',
    draft: 'Drafts',
    scheduled: 'Scheduled',
    hidden: 'Hidden',
    trash: 'Trash',
  },
  talks: 'Notes',
  albums: 'Albums',
  photos: 'Photos',
  users: 'Users',
  pendingLinks: 'Blogroll requests',
  chatMessagesToday: 'Chat messages today',
  recent: 'Recently edited',
  noArticles: 'No articles yet. Write your first one!',
  edit: 'Edit',
  updatedAt: (when: string) => `Updated ${when}`,
  allArticles: 'All articles',
  quickActions: 'Quick actions',
  actions: {
    write: 'New article',
    talk: 'New note',
    photos: 'Upload photos',
    links: 'Review blogroll',
    import: 'Import articles',
    settings: 'Site settings',
  },
  server: {
    invalidDayStart: 'The start of “today” isn’t valid',
  },
} as const satisfies Translation<typeof zh>;
