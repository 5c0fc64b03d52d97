import { Smile } from 'lucide-react';
import { Popover } from 'radix-ui';
import * as zhCN from '../../../i18n/zh-CN';
import { EMOJI } from './emoji';

const text = zhCN.chat;

/** The emoji panel above the composer: a pick is added to the draft. */
export function EmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  return (
    <Popover.Root>
      <Popover.Trigger className="chat-icon-button" aria-label={text.emoji}>
        <Smile aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="chat-popover chat-emoji"
          side="top"
          align="start"
          sideOffset={6}
          aria-label={text.emojiPanel}
        >
          {EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="chat-emoji__item"
              aria-label={emoji}
              onClick={() => onPick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
