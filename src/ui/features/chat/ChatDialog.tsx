import { Maximize2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import * as zhCN from '../../../i18n/zh-CN';
import { ChatRoomView } from './ChatRoomView';
import './chat.css';

const text = zhCN.chat;

/** The chat room dialog of spec section 2: 50% wide on desktop, the whole width on phones. */
export default function ChatDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="chat-dialog__overlay" />
        <Dialog.Content className="chat-dialog" aria-describedby={undefined}>
          <Dialog.Title className="chat-dialog__title">{text.title}</Dialog.Title>
          {/* The room is mounted only while open: closing it closes the socket and its timers. */}
          {open && (
            <Suspense fallback={<Loading />}>
              <ChatRoomView
                headerExtra={
                  <>
                    <Link
                      to="/message/chat"
                      className="chat-icon-button"
                      aria-label={text.fullPage}
                      onClick={() => onOpenChange(false)}
                    >
                      <Maximize2 aria-hidden="true" />
                    </Link>
                    <Dialog.Close className="chat-icon-button" aria-label={text.closeRoom}>
                      <X aria-hidden="true" />
                    </Dialog.Close>
                  </>
                }
              />
            </Suspense>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
