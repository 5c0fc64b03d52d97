import type { Translation } from '../translation';
import type { signIn as zh } from '../zh-CN/signIn';

export const signIn = {
  server: {
    reauthRequired: 'This cannot be undone: enter your password again to confirm it is you',
    passwordRequired: 'Enter your password',
    wrongPassword: 'Wrong password',
    linkExpired: 'This link no longer works: it can be used once and expires after 7 days',
    grantExpired: 'The time to set a new password has passed; ask the administrator to reset it',
  },
  notice: (client: string, address: string, link: string) =>
    `Your account just signed in from a new browser (${client || 'unknown browser'}, IP ${address || 'unknown'}). If it was not you, click <a href="${link}">Not me</a> to end that sign-in and set a new password.`,
  mail: {
    subject: (site: string) => `${site}: your account signed in from a new browser`,
    lead: (name: string) => `Hello ${name},`,
    body: (client: string, address: string, when: string) =>
      `Your account signed in from a new browser at ${when} (${client || 'unknown browser'}, IP ${address || 'unknown'}). If it was you, ignore this email.`,
    notMe: 'Not me: end that sign-in and set a new password',
    expires: 'This link works once and expires in 7 days.',
  },
  notMe: {
    title: 'Not me',
    hint: 'Someone signed in to your account from a new browser. Confirm, and that sign-in ends at once; then set a new password.',
    confirm: 'End that sign-in',
    ended: 'That sign-in has ended. Set a new password now; the old one may be known to someone else:',
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
    save: 'Set the new password',
    done: 'The new password is set and every sign-in has ended. Sign in again with the new password.',
    signIn: 'Sign in',
    missing: 'This link is incomplete; open it again from the notice or the email.',
  },
  reauth: {
    title: 'Confirm it is you',
    hint: 'This cannot be undone. For your account’s safety, enter your password again.',
    password: 'Password',
    submit: 'Confirm',
    cancel: 'Cancel',
  },
} as const satisfies Translation<typeof zh>;
