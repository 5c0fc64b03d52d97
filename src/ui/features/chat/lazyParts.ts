import { lazyPart } from '../../hooks/lazyPart';

// The dialog carries the room view, the machines and the socket adapter (through the loader): none
// of it is part of the first load; the button fetches it on the first sign of intent.
export const chatDialog = lazyPart<{ open: boolean; onOpenChange(open: boolean): void }>(() => import('./ChatDialog'), {
  idle: 'chat',
});
