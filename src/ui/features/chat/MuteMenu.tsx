import { DropdownMenu } from 'radix-ui';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.chat;

/** The room's mute lengths (the `mute` frame allows up to a day); longer ones are set from the console. */
const MUTE_MINUTES = [10, 60, 1440] as const;

/** 禁言 beside 踢下线 in the online list, for administrators: a small menu of lengths. */
export function MuteMenu({ nickName, onMute }: { nickName: string; onMute: (minutes: number) => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="chat-text-button" aria-label={text.muteUser(nickName)}>
          {text.mute}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="chat-popover chat-mute-menu" align="end" sideOffset={4}>
          {MUTE_MINUTES.map((minutes) => (
            <DropdownMenu.Item key={minutes} className="chat-mute-menu__item" onSelect={() => onMute(minutes)}>
              {text.muteFor(minutes)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
