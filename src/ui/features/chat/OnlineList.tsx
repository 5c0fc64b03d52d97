import { Users } from 'lucide-react';
import { Popover } from 'radix-ui';
import { isAdmin, type ChatMe, type OnlineUser } from '../../../domain/chat/chat';
import * as zhCN from '../../../i18n/zh-CN';
import { Avatar } from '../account/Avatar';
import { ChatConfirm } from './ChatConfirm';
import { asUser } from './chatFormat';
import { MuteMenu } from './MuteMenu';

const text = zhCN.chat;

/** The people in the room, with the administrator's mute and kick. */
export function OnlineList({
  online,
  me,
  onKick,
  onMute,
}: {
  online: OnlineUser[];
  me: ChatMe | null;
  onKick(user: OnlineUser): void;
  onMute(user: OnlineUser, minutes: number): void;
}) {
  const admin = isAdmin(me);
  return (
    <Popover.Root>
      <Popover.Trigger className="chat-icon-button">
        <Users aria-hidden="true" />
        <span className="visually-hidden">{text.onlineList}</span>
        <span className="chat-icon-button__count">{online.length}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="chat-popover chat-online" align="end" sideOffset={6} aria-label={text.onlineList}>
          <h3 className="chat-online__title">{text.onlineList}</h3>
          {online.length === 0 && <p className="chat-online__empty">{text.onlineEmpty}</p>}
          <ul className="chat-online__list">
            {online.map((user) => (
              <li key={user.userId} className="chat-online__item">
                <Avatar user={asUser(user)} size={26} />
                <span className="chat-online__name">
                  {user.nickName}
                  {user.userId === me?.userId && <span className="chat-online__me">（{text.me}）</span>}
                </span>
                {admin && user.userId !== me?.userId && (
                  <MuteMenu nickName={user.nickName} onMute={(minutes) => onMute(user, minutes)} />
                )}
                {admin && user.userId !== me?.userId && (
                  <ChatConfirm
                    title={text.confirmKick(user.nickName)}
                    onConfirm={() => onKick(user)}
                    trigger={
                      <button
                        type="button"
                        className="chat-text-button chat-text-button--danger"
                        aria-label={text.kickUser(user.nickName)}
                      >
                        {text.kick}
                      </button>
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
