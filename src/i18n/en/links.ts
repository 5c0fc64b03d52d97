import type { Translation } from '../translation';
import type { links as zh } from '../zh-CN/links';
import { plural } from './plural';

/** The blogroll and its application form. */
export const links = {
  title: 'Friends',
  count: (n: number) => plural(n, 'site'),
  empty: 'The blogroll is empty',
  apply: 'Join the blogroll',
  applyHint: 'Link exchanges welcome! Tell us about your site; it appears above once the site owner approves it.',
  loginToApply: 'Sign in to request a link',
  name: 'Site name',
  namePlaceholder: 'e.g. 听雨小筑',
  url: 'Site address',
  avatar: 'Avatar URL (optional)',
  description: 'Site description (optional)',
  descriptionPlaceholder: 'Your site in one sentence',
  submit: 'Send request',
  pending: 'Request sent. It’s waiting for the site owner’s review.',
  failed: 'Couldn’t send. Please try again later.',
  nameRequired: 'Enter your site’s name',
  urlInvalid: 'The site address should start with http:// or https://',
  avatarInvalid: 'The avatar URL should start with http:// or https://',
} as const satisfies Translation<typeof zh>;
