import { useSelector } from '../../hooks/useSelector';
import { Bell } from 'lucide-react';
import { badgeText } from '../../../domain/notifications/badge';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useCurrentActor } from '../../hooks/useActorLoader';
import { openDrawer } from './openDrawer';
import * as zhCN from '../../../i18n/zh-CN';
import './notifications.css';

/** The bell in the header: unread count as a badge (at most "9+"); opens the drawer. */
export function NotificationBell({ onIntent }: { onIntent?: () => void }) {
  const notifications = useService(TOKENS.notifications);
  // Before the machine has started: its first snapshot's count, none, as the server rendered it.
  const unread = useSelector(useCurrentActor(notifications) ?? undefined, (s) => s?.context.unread ?? 0);
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className="icon-button notify-bell"
      aria-label={zhCN.notify.open(badge)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={() => openDrawer(notifications)}
    >
      <Bell aria-hidden="true" />
      {badge && (
        <span className="notify-bell__badge" data-testid="notify-badge">
          {badge}
        </span>
      )}
    </button>
  );
}
