import { Suspense } from 'react';
import { Loading } from '../components/Loading';
import { PageLayout } from '../components/PageLayout';
import { ChatRoomView } from '../features/chat/ChatRoomView';
import * as zhCN from '../../i18n/zh-CN';

/** `/message/chat`: the chat room as a page (the footer is hidden here, see routes). */
export default function ChatPage() {
  return (
    <PageLayout title={zhCN.nav.chat}>
      <div className="chat-page">
        <Suspense fallback={<Loading />}>
          <ChatRoomView />
        </Suspense>
      </div>
    </PageLayout>
  );
}
