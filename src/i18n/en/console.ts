import type { Translation } from '../translation';
import type { console as zh } from '../zh-CN/console';
import { plural } from './plural';

/** The console's own words: its frame and navigation. Each area's words are in its own console* file. */
export const console = {
  title: 'Console',
  navigation: 'Console navigation',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  backToSite: 'Back to site',
  signedInAs: 'Signed in as',
  pageNotFound: 'There’s no such page in the console',
  backToOverview: 'Back to overview',
  /** The dismissing button of every console dialog. */
  cancel: 'Cancel',
  /** A list that could not be read, and the button that asks again. */
  loadFailed: (reason: string) => `Couldn’t load: ${reason}`,
  retry: 'Try again',
  /** Every console list's pager (a section may count its own way: 12 articles). */
  pager: {
    total: (count: number) => plural(count, 'item'),
    page: (current: number, pages: number) => `Page ${current} of ${pages}`,
    previousPage: 'Previous page',
    nextPage: 'Next page',
  },
  /** What a screen reader hears while any console list is put in order with the keyboard (src/ui/console/Sortable.tsx). */
  sortable: {
    instructions:
      'Press Space or Enter to pick up, use the arrow keys to move, then press Space or Enter to drop. Press Escape to cancel.',
    pickedUp: (name: string, position: number, total: number) =>
      `Picked up “${name}”. It is at position ${position} of ${total}.`,
    movedTo: (name: string, position: number, total: number) => `“${name}” moved to position ${position} of ${total}.`,
    outside: (name: string) => `“${name}” is not over the list.`,
    droppedAt: (name: string, position: number, total: number) =>
      `“${name}” dropped at position ${position} of ${total}.`,
    dropped: (name: string) => `“${name}” dropped.`,
    cancelled: (name: string) => `Move cancelled. “${name}” is back where it was.`,
  },
  nav: {
    overview: 'Overview',
    articles: 'Articles',
    talks: 'Notes',
    albums: 'Albums',
    taxonomy: 'Categories & tags',
    site: 'Site settings',
    links: 'Blogroll',
    resources: 'Resources',
    siteList: 'Site directory',
    transfer: 'Import & export',
    comments: 'Comments',
    chat: 'Chat',
    board: 'Guestbook',
    users: 'Users',
    notices: 'Announcements',
  },
} as const satisfies Translation<typeof zh>;
