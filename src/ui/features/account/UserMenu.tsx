import { LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import * as zhCN from '../../../i18n/zh-CN';
import { useAccount } from './useAccount';

export interface UserMenuProps {
  /** The avatar button the header already shows; the menu takes it over as its trigger. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The signed-in user's submenu on wide screens: 个人中心 and 退出登录. Loaded on first open. */
export default function UserMenu({ trigger, open, onOpenChange }: UserMenuProps) {
  const { logout } = useAccount();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="account-menu" align="end" sideOffset={8}>
          <DropdownMenu.Item className="account-menu__item" onSelect={() => navigate('/userCenter')}>
            <UserRound aria-hidden="true" />
            {zhCN.nav.userCenter}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="account-menu__item" onSelect={logout}>
            <LogOut aria-hidden="true" />
            {zhCN.nav.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
