import type { Translation } from '../translation';
import type { pwa as zh } from '../zh-CN/pwa';

/** The installable app (manifest), its offline page and the new-version bar (issue 25). */
export const pwa = {
  /** The site's name is a proper noun: it stays as it is. */
  appName: '听雨小筑',
  shortName: '听雨',
  description: 'A quiet personal blog: articles, music and a chat room',
  offline: {
    title: 'Offline',
    heading: 'You’re offline',
    message: 'This article isn’t saved on this device yet. Open it again once you’re back online to read it.',
    readable: 'These articles are saved on this device and can be read offline:',
    nothingSaved: 'No articles are saved on this device yet. Articles you open while online are saved automatically.',
    home: 'Back to home',
    retry: 'Reload',
  },
  update: {
    available: 'A new version is available',
    reload: 'Reload',
    later: 'Later',
  },
} as const satisfies Translation<typeof zh>;
