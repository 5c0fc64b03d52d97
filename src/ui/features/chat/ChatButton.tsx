import { MessagesSquare } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { chatDialog } from './lazyParts';
import './chatButton.css';

/**
 * The chat room's button, on every page but `/` (spec 2). All the first load carries of the chat: the
 * dialog, the machines and the socket come in their own chunks on the first hover, focus or click.
 */
export function ChatButton() {
  const { pathname } = useLocation();
  const loader = useService(TOKENS.chatLoader);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (pathname === '/') return null;
  const preload = () => {
    chatDialog.preload();
    void loader().catch(() => undefined);
  };
  return (
    <>
      <button
        type="button"
        className="chat-fab"
        aria-label={zhCN.chatButton.openRoom}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <MessagesSquare aria-hidden="true" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <chatDialog.Component open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
