import type { ChatBanItem, ChatPerson, MuteLength } from '../../../domain/console/moderation/moderation';
import type { ActionOutcome } from '../../../domain/console/moderation/pagedList.machine';
import * as zhCN from '../../../i18n/zh-CN';
import type { ModerationApi } from '../../../ports/console/moderationApi';
import { formatTime } from './time';

const words = zhCN.consoleModeration.chat;

/** A ban as a list row: one per user. */
export type BanRow = ChatBanItem & { id: number };

/** What the console does to someone in the room; every one of them changes the bans. */
export type PersonAction =
  | { kind: 'mute'; person: ChatPerson; length: MuteLength }
  | { kind: 'unmute'; person: ChatPerson }
  | { kind: 'kick'; person: ChatPerson };

export async function runPersonAction(api: ModerationApi, action: PersonAction): Promise<ActionOutcome<BanRow>> {
  const { userId } = action.person;
  if (action.kind === 'mute') await api.mute(userId, action.length);
  else if (action.kind === 'unmute') await api.unmute(userId);
  else await api.kick(userId);
  return { kind: 'reload' };
}

/** The short notice after a person action: for a mute, for how long or until when. */
export function personActionDone(action: PersonAction): string {
  const name = action.person.nickName;
  if (action.kind === 'unmute') return words.lifted(name);
  if (action.kind === 'kick') return words.kicked(name);
  return 'until' in action.length
    ? words.mutedUntil(name, formatTime(action.length.until))
    : words.mutedFor(name, zhCN.chat.muteFor(action.length.minutes));
}
