import { DropdownMenu } from 'radix-ui';
import { MUTE_PRESETS } from '../../../domain/chat/chat';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.chat;

/** 禁言 beside 踢下线 in the online list, for administrators: a small menu of lengths (longer ones: the console). */
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
          {MUTE_PRESETS.map((minutes) => (
            <DropdownMenu.Item key={minutes} className="chat-mute-menu__item" onSelect={() => onMute(minutes)}>
              {text.muteFor(minutes)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
