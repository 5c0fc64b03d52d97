import type { Translation } from '../translation';
import type { consoleUsers as zh } from '../zh-CN/consoleUsers';

/** The console's people pages: users and the administrator's announcements. */
export const consoleUsers = {
  /** Refusals of the /api/admin user and notice calls. */
  server: {
    notYourself: 'You can’t change your own account here. Use your account page instead.',
    lastAdministrator: 'The site needs at least one active administrator',
  },
  users: {
    title: 'Users',
    keywordLabel: 'Search users',
    keywordPlaceholder: 'Username or display name',
    roleLabel: 'Role',
    anyRole: 'All roles',
    statusLabel: 'Status',
    status: { all: 'All statuses', enabled: 'Active', disabled: 'Disabled' },
    sortLabel: 'Sort',
    sort: { created: 'Newest sign-ups first', lastLogin: 'Most recent sign-ins first' },
    columns: {
      user: 'User',
      role: 'Role',
      createdAt: 'Joined',
      lastLoginAt: 'Last sign-in',
      status: 'Status',
      actions: 'Actions',
    },
    role: (role: number) => (role === 1 ? 'Administrator' : role === 2 ? 'Member' : `Role ${role}`),
    never: 'Never',
    me: 'You',
    enabled: 'Active',
    disabled: 'Disabled',
    mustChange: 'Must change password',
    empty: 'No users match',
    makeAdmin: 'Make administrator',
    makeMember: 'Make member',
    confirmRole: (nickName: string, role: string) => `Change ${nickName}’s role to ${role}?`,
    adminHint: 'Administrators can open the console and manage the whole site.',
    memberHint: 'They will no longer be able to open the console.',
    roleChanged: (nickName: string, role: string) => `${nickName}’s role is now ${role}`,
    disable: 'Disable',
    enable: 'Enable',
    confirmDisable: (nickName: string) => `Disable ${nickName}’s account?`,
    disableHint:
      'They’ll be signed out on every device at once and won’t be able to sign in again. What they’ve posted stays.',
    disabledDone: (nickName: string) => `Disabled ${nickName} and signed them out on every device`,
    confirmEnable: (nickName: string) => `Enable ${nickName}’s account again?`,
    enabledDone: (nickName: string) => `Enabled ${nickName} again`,
    resetPassword: 'Reset password',
    confirmReset: (nickName: string) => `Reset ${nickName}’s password?`,
    resetHint:
      'A new random password is generated, they’re signed out on every device, and they must change it the next time they sign in.',
    passwordTitle: (nickName: string) => `New password for ${nickName}`,
    passwordHint:
      'This password is shown only once. Copy it now and pass it on; they’ll have to change it right after signing in.',
    passwordLabel: 'New password',
    copy: 'Copy',
    copied: 'Copied',
    done: 'I’ve saved it',
    actionsFor: (nickName: string) => `Actions for ${nickName}`,
  },
  notices: {
    title: 'Announcements',
    intro:
      'Send an administrator announcement (type 4) to every registered user. It appears in their Notifications and opens a console address when clicked.',
    messageLabel: 'Announcement',
    messagePlaceholder:
      'For example: Down for maintenance this Saturday at 22:00, see the <a href="/message/list">guestbook</a>',
    hint: 'Simple tags such as <a href="…">, <b>, <i>, <u>, <s>, <code> and <br> are allowed; other tags are removed.',
    count: (length: number, max: number) => `${length} / ${max}`,
    previewTitle: 'Preview (exactly what users see)',
    previewEmpty: 'Type something to see how it looks in users’ Notifications',
    previewStale: 'Updating preview…',
    previewFailed: (reason: string) => `Can’t preview: ${reason}`,
    send: 'Send to all users',
    sending: 'Sending…',
    confirmSend: 'Send this announcement to all users?',
    confirmHint: 'It can’t be recalled once sent; every user gets an unread notification.',
    sent: (count: number) => (count === 1 ? 'Sent to 1 user' : `Sent to ${count} users`),
    refused: { empty: 'Write the announcement first', tooLong: 'Announcements can’t be longer than 2,000 characters' },
  },
} as const satisfies Translation<typeof zh>;
