import type { Translation } from '../translation';
import type { chat as zh } from '../zh-CN/chat';
import { plural } from './plural';

/** A span in whole minutes as a reader says it: 10 minutes, 1 hour 30 minutes, 2 days 3 hours. */
function span(minutes: number): string {
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes < 1440) {
    const rest = minutes % 60;
    return `${plural(Math.floor(minutes / 60), 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''}`;
  }
  const hours = Math.floor((minutes % 1440) / 60);
  return `${plural(Math.floor(minutes / 1440), 'day')}${hours ? ` ${plural(hours, 'hour')}` : ''}`;
}

/** Chat room: the server's refusals and room notices (sent as `tips` frames or REST messages). */
export const chat = {
  loginRequired: 'Please sign in first',
  empty: 'Type a message',
  tooLong: (max: number) => `That message is too long (${plural(max, 'character')} max)`,
  invalidImage: 'Only images uploaded to this site can be sent',
  rateLimited: 'You’re sending messages too fast. Please wait a moment.',
  duplicate: 'Please don’t send the same message twice',
  kickedBan: (minutes: number) =>
    `An administrator kicked you from the chat. You can send messages again in ${plural(minutes, 'minute')}.`,
  muted: (minutes: number) => `An administrator muted you. You can send messages again in ${span(minutes)}.`,
  muteInPast: 'The mute must end in the future',
  muteTooLong: (days: number) => `A mute can last at most ${plural(days, 'day')}. For longer, disable the account.`,
  adminOnly: 'Only administrators can do that',
  cannotTargetSelf: 'You can’t do that to yourself',
  userNotFound: 'User not found',
  messageNotFound: 'That message doesn’t exist or was unsent',
  revertExpired: 'Messages can only be unsent within 2 minutes',
  revertForbidden: 'You can only unsend your own messages',
  invalidFrame: 'Malformed message',
  userKicked: (nickName: string) => `${nickName} was kicked by an administrator`,
  youAreKicked: 'An administrator kicked you from the chat',
  userMuted: (nickName: string, minutes: number) => `${nickName} was muted by an administrator for ${span(minutes)}`,
  signedOut: 'Your session has expired. Please sign in again.',
  userUnmuted: (nickName: string) => `${nickName} is no longer muted`,
  // The client's texts (dialog, toasts).
  title: 'Chat',
  closeRoom: 'Close chat',
  fullPage: 'Open as a page',
  connecting: 'Connecting…',
  onlineCount: (count: number) => `${count} online`,
  disconnected: 'Disconnected',
  kickedState: 'You were kicked',
  reconnect: 'Reconnect',
  clearRecords: 'Clear chat history',
  confirmClear: 'Clear the chat history?',
  confirm: 'OK',
  cancel: 'Cancel',
  loadMore: 'Load earlier messages',
  loadingMore: 'Loading…',
  emptyRoom: 'It’s quiet in here. Say hello!',
  messageList: 'Chat messages',
  newMessages: (count: number) => plural(count, 'new message'),
  jumpToNewest: 'Jump to latest',
  sending: 'Sending…',
  revert: 'Unsend',
  imageAlt: (nickName: string) => `Image from ${nickName}`,
  imageBroken: 'Image failed to load',
  inputLabel: 'Message',
  inputPlaceholder: 'Say something… (Enter to send, Shift+Enter for a new line)',
  send: 'Send',
  emoji: 'Emoji',
  emojiPanel: 'Choose an emoji',
  pickImage: 'Send an image',
  imagePreview: 'Image to send',
  sendImage: 'Send image',
  cancelImage: 'Remove image',
  uploading: 'Uploading image…',
  visitorHint: 'Sign in to chat',
  login: 'Sign in',
  mutedHint: 'You’re muted and can’t send messages for now',
  mutedUntilHint: (time: string) => `You’re muted until ${time}`,
  kickedHint: 'An administrator kicked you from the chat. Click Reconnect to rejoin.',
  failedHint: 'Couldn’t connect. Click Reconnect to try again.',
  onlineList: 'Online now',
  onlineEmpty: 'Nobody’s online',
  kick: 'Kick',
  kickUser: (nickName: string) => `Kick ${nickName}`,
  confirmKick: (nickName: string) => `Kick ${nickName} from the chat?`,
  mute: 'Mute',
  muteUser: (nickName: string) => `Mute ${nickName}`,
  /** An item of the Mute menu, and the length in an administrator's notice: "for 1 hour". */
  muteFor: (minutes: number) => `For ${span(minutes)}`,
  me: 'Me',
  admin: 'Admin',
  imageFailed: 'Image upload failed',
  reverted: 'Message unsent',
  cleared: 'Chat history cleared',
  connectionLost: 'Lost connection to the chat. Reconnecting…',
  connectionFailed: 'Couldn’t connect to the chat. Click Reconnect in a moment.',
  notConnected: 'The chat isn’t connected. Please try again shortly.',
} as const satisfies Translation<typeof zh>;
