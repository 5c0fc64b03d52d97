import { useSelector } from '../../hooks/useSelector';
import { Bell } from 'lucide-react';
import { badgeText } from '../../../domain/notifications/notification';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import './notifications.css';

/** The bell in the header: unread count as a badge (at most "9+"); opens the drawer. */
export function NotificationBell({ onIntent }: { onIntent?: () => void }) {
  const notifications = useService(TOKENS.notifications);
  const unread = useSelector(notifications, (s) => s.context.unread);
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className="icon-button notify-bell"
      aria-label={zhCN.notify.open(badge)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={() => notifications.send({ type: 'drawer.open' })}
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
