import { lazyPart } from '../../hooks/lazyPart';

// The login dialog, the avatar menu and the message drawer carry the dialog library (and DOMPurify);
// none of them is needed for the first paint.
// Each is fetched when the browser is idle after the first load, so its first open needs no download.
export const loginDialog = lazyPart(() => import('./LoginDialog'), { idle: 'login' });
export const userMenu = lazyPart(() => import('./UserMenu'), { idle: 'login' });
export const notificationDrawer = lazyPart(() => import('../notifications/NotificationDrawer'), { idle: 'notifications' });
/** Only an account on a generated password ever needs it: fetched then, never ahead. */
export const passwordChangeDialog = lazyPart(() => import('./PasswordChangeDialog'));
/** Only an administrator held to ADMIN_TWO_STEP=required without a second step needs it. */
export const twoStepRequiredDialog = lazyPart(() => import('./TwoStepRequiredDialog'));
/** Only before something that cannot be undone, with a session's password proof too old. */
export const reauthDialog = lazyPart(() => import('./ReauthDialog'));
