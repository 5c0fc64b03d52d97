import { use } from 'react';
import type { ChatRoom } from '../../../ports/chatRoom';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

let loading: Promise<ChatRoom> | undefined;

/** The room of the visit: the loader's one promise, so `use` sees the same promise on every render. */
export function useChatRoom(): ChatRoom {
  const loader = useService(TOKENS.chatLoader);
  loading ??= loader().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return use(loading);
}
