import { ChevronDown, MicOff } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { MUTE_PRESETS, type MuteLength } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { MuteUntilDialog } from './MuteUntilDialog';

const words = zhCN.consoleModeration.chat;

/** 禁言 ▾: 10 分钟, 1 小时, 1 天, or until a chosen time. */
export function MuteMenu({ nickName, disabled = false, onMute }: { nickName: string; disabled?: boolean; onMute: (length: MuteLength) => void }) {
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className="console-action" disabled={disabled} aria-label={words.muteUser(nickName)}>
            <MicOff aria-hidden="true" />
            <span className="console-action__label">{words.mute}</span>
            <ChevronDown aria-hidden="true" className="mod-action__caret" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="mod-menu" align="end" sideOffset={4}>
            {MUTE_PRESETS.map((minutes) => (
              <DropdownMenu.Item key={minutes} className="mod-menu__item" onSelect={() => onMute({ minutes })}>
                {zhCN.chat.muteFor(minutes)}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="mod-menu__separator" />
            <DropdownMenu.Item className="mod-menu__item" onSelect={() => setChoosing(true)}>
              {words.muteChosen}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {choosing && <MuteUntilDialog nickName={nickName} onClose={() => setChoosing(false)} onMute={(until) => onMute({ until })} />}
    </>
  );
}
