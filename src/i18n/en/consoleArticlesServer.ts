import type { Translation } from '../translation';
import type { consoleArticlesServer as zh } from '../zh-CN/consoleArticlesServer';
import { plural } from './plural';

/** Refusals of the console's article calls (/api/admin/articles…, issue 21). */
export const consoleArticlesServer = {
  revision: 'Version',
  titleRequired: 'Please add a title',
  tooLong: (field: string, max: number) => `${field} can’t be longer than ${plural(max, 'character')}`,
  field: {
    title: 'Title',
    content: 'Body',
    summary: 'Summary',
    cover: 'Cover address',
    categoryName: 'Category name',
    tagName: 'Tag name',
    keyword: 'Search text',
  },
  invalidCover: 'The cover must be an image uploaded to this site or an http(s) address',
  categoryNameRequired: 'Category name can’t be empty',
  tagNameRequired: 'Tag name can’t be empty',
  tooManyTags: (max: number) => `At most ${plural(max, 'tag')}`,
  invalidVersion: 'The version must be a positive whole number',
  invalidPublishAt: 'The publish time isn’t valid',
  publishAtPast: 'A scheduled time must be in the future',
  publishAtTooFar: (days: number) => `A scheduled time can be at most ${plural(days, 'day')} away`,
  revisionNotFound: 'That version doesn’t exist (it may have been cleaned up)',
  versionConflict: 'Not saved: the article was updated elsewhere. Compare the two versions, then decide which to keep.',
  inTrash: 'The article is in the trash. Restore it first.',
  stateChanged: 'The article’s status just changed elsewhere. Refresh and try again.',
  scheduledNotifyFailed: 'The scheduled article was published, but notifying users failed',
  emptyBody: 'The article is empty and can’t be published',
  scheduleNotDraft: 'Published or hidden articles can’t be scheduled. Unpublish it to a draft first.',
  hideNotPublished: 'Only published articles can be hidden',
  unhideNotHidden: 'Only hidden articles can be unhidden',
  deleteNotInTrash: 'Only articles in the trash can be deleted forever. Move it to the trash first.',
} as const satisfies Translation<typeof zh>;
