import { useSelector } from '../../hooks/useSelector';
import { useEffect } from 'react';
import { MODERATION_PAGE_SIZE, type ChatHistoryItem, type ChatHistoryQuery } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { ChatHistoryPanel, type HistoryAction } from './ChatHistoryPanel';
import { ChatPeoplePanel, type OnlineRow } from './ChatPeoplePanel';
import { personActionDone, runPersonAction, type BanRow, type PersonAction } from './chatActions';
import { usePagedList } from './usePagedList';
import './moderation.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const words = zhCN.consoleModeration.chat;

/** 聊天室: the history searched and pruned, who is in the room, and who is muted or banned until when. */
export default function ChatModerationPage() {
  const api = useService(CONSOLE_TOKENS.moderationApi);
  const selfId = useSelector(useService(TOKENS.session), (snapshot) => snapshot.context.user?.id ?? null);

  const history = usePagedList<ChatHistoryItem, ChatHistoryQuery, HistoryAction>({
    query: { user: '', text: '', author: null },
    size: MODERATION_PAGE_SIZE,
    fetchPage: (query, current, size) => api.chatHistory(query, current, size),
    runAction: async (action) => {
      await api.removeChatMessage(action.id);
      return { kind: 'remove', id: action.id };
    },
    rowOf: (action) => action.id,
    told: () => words.deleted,
  });
  const online = usePagedList<OnlineRow, null, never>({
    query: null,
    size: 1,
    fetchPage: async () => {
      const list = (await api.chatOnline()).map((person) => ({ ...person, id: person.userId }));
      return { list, total: list.length };
    },
  });
  const bans = usePagedList<BanRow, null, PersonAction>({
    query: null,
    size: 1,
    fetchPage: async () => {
      const list = (await api.chatBans()).map((ban) => ({ ...ban, id: ban.userId }));
      return { list, total: list.length };
    },
    runAction: (action) => runPersonAction(api, action),
    rowOf: (action) => action.person.userId,
    told: (action) => personActionDone(action),
  });

  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);

  const mute: Parameters<typeof ChatPeoplePanel>[0]['onMute'] = (person, length) => bans.act({ kind: 'mute', person, length });
  const kick: Parameters<typeof ChatPeoplePanel>[0]['onKick'] = (person) => bans.act({ kind: 'kick', person });

  return (
    <section className="console-page mod-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
      </header>
      <div className="mod-chat">
        <ChatHistoryPanel history={history} selfId={selfId} peopleBusy={bans.acting} onMute={mute} onKick={kick} />
        <ChatPeoplePanel online={online} bans={bans} selfId={selfId} onMute={mute} onKick={kick} />
      </div>
    </section>
  );
}
