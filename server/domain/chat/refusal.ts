import type { ChatTipCode } from '../../../src/protocol/chat';
import { AppError, type AppErrorKind } from '../errors';

/**
 * A chat refusal: an AppError for the REST calls (status by kind, Chinese message) that also names its
 * reason, so the socket can answer with a `tips` frame carrying that code.
 */
export class ChatRefusal extends AppError {
  constructor(
    kind: AppErrorKind,
    readonly reason: ChatTipCode,
    message: string,
  ) {
    super(kind, message);
    this.name = 'ChatRefusal';
  }
}
