import type { Translation } from '../translation';
import type { notify as zh } from '../zh-CN/notify';

export const notify = {
  title: 'Notifications',
  open: (badge: string) => (badge ? `Notifications, ${badge} unread` : 'Notifications'),
  badgeMax: '9+',
  newMarker: 'new',
  jump: 'View',
  delete: 'Delete',
  confirmDelete: 'Delete this notification?',
  confirm: 'Delete',
  cancel: 'Cancel',
  loadMore: 'Load more',
  noMore: 'You’re all caught up',
  empty: 'No notifications',
  loading: 'Loading…',
  deleted: 'Deleted',
  close: 'Close',
  server: {
    notFound: 'Notification not found',
    notYours: 'You can’t view or change other people’s notifications',
    emptyMessage: 'The notification is empty',
    messageTooLong: 'Notifications can’t be longer than 2,000 characters',
  },
} as const satisfies Translation<typeof zh>;
