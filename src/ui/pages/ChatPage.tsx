import { Suspense } from 'react';
import { TOKENS } from '../../ports/tokens';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { useService } from '../di';
import { lazyPart } from '../hooks/lazyPart';
import * as zhCN from '../../i18n/zh-CN';
// With the page, not with the room's chunk: the server's markup of the room is styled before any script.
import '../features/chat/chat.css';

// The room already waits for its own chunk (machines, socket) before it is live: its view and the dialogs
// and popovers under it wait beside it, out of the page's first load. Hydrating, the server's markup of
// the room stays in place until both are in.
const chatRoomView = lazyPart(() => import('../features/chat/ChatRoomView').then((module) => ({ default: module.ChatRoomView })));

/** `/message/chat`: the chat room as a page (the footer is hidden here, see routes). */
export default function ChatPage() {
  // Both fetches start together rather than one after the other (idempotent: one fetch per visit).
  void useService(TOKENS.chatLoader).preload();
  return (
    <PageLayout title={zhCN.nav.chat}>
      <div className="chat-page">
        <Suspense fallback={<Loading />}>
          <chatRoomView.Component />
        </Suspense>
      </div>
    </PageLayout>
  );
}
