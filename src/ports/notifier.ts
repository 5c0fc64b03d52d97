export type NoticeLevel = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  level: NoticeLevel;
  /** Shown above the message; omitted for plain toasts. */
  title?: string;
  message: string;
  durationMs?: number;
}

/** Spec section 9: the toast after a list action (added, deleted…) stays one second. */
export const LIST_ACTION_NOTICE_MS = 1000;

export interface ActiveNotice extends Notice {
  id: number;
}

/** How adapters and machines tell the reader something, without importing UI code. */
export interface Notifier {
  notify(notice: Notice): void;
}

/** What the UI renders: the notices currently on screen. */
export interface NoticeFeed {
  subscribe(listener: () => void): () => void;
  current(): readonly ActiveNotice[];
  dismiss(id: number): void;
}
