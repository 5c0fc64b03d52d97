import { lazyPart } from '../../hooks/lazyPart';

// The login dialog, the avatar menu and the message drawer carry the dialog library (and DOMPurify);
// none of them is needed for the first paint.
export const loginDialog = lazyPart(() => import('./LoginDialog'));
export const userMenu = lazyPart(() => import('./UserMenu'));
export const notificationDrawer = lazyPart(() => import('../notifications/NotificationDrawer'));
