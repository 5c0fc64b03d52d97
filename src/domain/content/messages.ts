import { ADMIN_ROLE } from '../account/account';
import type { Message } from './content';

export interface Viewer {
  id: number;
  /** 1 is the administrator. */
  role: number;
}

/** The author of a post and the administrator may edit or delete it; nobody else may. */
export function canManageMessage(message: Pick<Message, 'author'>, viewer: Viewer | null): boolean {
  if (!viewer) return false;
  return viewer.role === ADMIN_ROLE || (message.author.userId !== null && message.author.userId === viewer.id);
}

export const MESSAGE_MAX_LENGTH = 500;

export type MessageDraftProblem = 'empty' | 'tooLong';

/** What is wrong with a draft's text, or null when it can be sent (the server checks the same). */
export function messageDraftProblem(content: string): MessageDraftProblem | null {
  const text = content.trim();
  if (text === '') return 'empty';
  if (Array.from(text).length > MESSAGE_MAX_LENGTH) return 'tooLong';
  return null;
}
