import { UserX } from 'lucide-react';
import type { ChatPerson, MuteLength } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmButton } from '../ConfirmButton';
import { MuteMenu } from './MuteMenu';

const words = zhCN.consoleModeration.chat;

/** What the console may do to someone in the room: 禁言 ▾ and 踢下线 (asked once more). */
export function PersonActions({
  person,
  disabled,
  onMute,
  onKick,
}: {
  person: ChatPerson;
  disabled: boolean;
  onMute: (length: MuteLength) => void;
  onKick: () => void;
}) {
  return (
    <>
      <MuteMenu nickName={person.nickName} disabled={disabled} onMute={onMute} />
      <ConfirmButton
        label={words.kickUser(person.nickName)}
        title={words.confirmKick(person.nickName)}
        description={words.kickHint}
        action={words.kick}
        danger
        disabled={disabled}
        onConfirm={onKick}
      >
        <UserX aria-hidden="true" />
        <span className="console-action__label">{words.kick}</span>
      </ConfirmButton>
    </>
  );
}
