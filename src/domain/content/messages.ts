import { ADMIN_ROLE } from '../account/account';
import type { Message, MessageReply } from './content';

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

/** A reply goes by its author, the post's author or the administrator. */
export function canDeleteReply(
  reply: Pick<MessageReply, 'author'>,
  message: Pick<Message, 'author'>,
  viewer: Viewer | null,
): boolean {
  if (!viewer) return false;
  return viewer.role === ADMIN_ROLE || reply.author.userId === viewer.id || message.author.userId === viewer.id;
}

export const MESSAGE_MAX_LENGTH = 500;
export const REPLY_MAX_LENGTH = 300;

export type MessageDraftProblem = 'empty' | 'tooLong';

function draftProblem(content: string, max: number): MessageDraftProblem | null {
  const text = content.trim();
  if (text === '') return 'empty';
  if (Array.from(text).length > max) return 'tooLong';
  return null;
}

/** What is wrong with a draft's text, or null when it can be sent (the server checks the same). */
export function messageDraftProblem(content: string): MessageDraftProblem | null {
  return draftProblem(content, MESSAGE_MAX_LENGTH);
}

/** The same rule for a reply, with its own limit. */
export function replyDraftProblem(content: string): MessageDraftProblem | null {
  return draftProblem(content, REPLY_MAX_LENGTH);
}
