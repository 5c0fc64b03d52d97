import { FileUp, Handshake, ImagePlus, MessageCirclePlus, Settings, SquarePen } from 'lucide-react';
import { Link } from 'react-router-dom';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleOverview;

const ACTIONS = [
  { to: '/admin/articles/new', label: text.actions.write, Icon: SquarePen, primary: true },
  { to: '/admin/talks', label: text.actions.talk, Icon: MessageCirclePlus },
  { to: '/admin/albums', label: text.actions.photos, Icon: ImagePlus },
  { to: '/admin/links', label: text.actions.links, Icon: Handshake },
  { to: '/admin/transfer', label: text.actions.import, Icon: FileUp },
  { to: '/admin/site', label: text.actions.settings, Icon: Settings },
] as const;

/** 快捷操作: the console's sections a blogger opens most, one tap away. */
export function QuickActions() {
  return (
    <nav className="overview-actions" aria-label={text.quickActions}>
      {ACTIONS.map(({ to, label, Icon, ...rest }) => (
        <Link key={to} to={to} className={'primary' in rest ? 'button button--primary' : 'button'}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );
}
