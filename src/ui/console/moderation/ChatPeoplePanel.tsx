import { RefreshCw, Undo2 } from 'lucide-react';
import type { ChatPerson, MuteLength } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import type { BanRow, PersonAction } from './chatActions';
import { ListStatus } from '../ListStatus';
import { PersonActions } from './PersonActions';
import { PersonLine } from './PersonLine';
import { formatTime } from './time';
import type { PagedList } from './usePagedList';

const text = zhCN.consoleModeration;
const words = text.chat;

export type OnlineRow = ChatPerson & { id: number };

interface ChatPeoplePanelProps {
  online: PagedList<OnlineRow, null, never>;
  bans: PagedList<BanRow, null, PersonAction>;
  selfId: number | null;
  onMute: (person: ChatPerson, length: MuteLength) => void;
  onKick: (person: ChatPerson) => void;
}

/** Who is in the room now (to mute or kick), and who may not send and until when (to lift). */
export function ChatPeoplePanel({ online, bans, selfId, onMute, onKick }: ChatPeoplePanelProps) {
  return (
    <aside className="mod-side">
      <section className="console-card mod-panel" aria-label={words.onlineTitle}>
        <div className="mod-panel__head">
          <h2 className="mod-panel__title">
            {words.onlineTitle}
            <span className="mod-count">{online.items.length}</span>
          </h2>
          <button type="button" className="icon-button" aria-label={`${text.refresh}${words.onlineTitle}`} onClick={online.reload}>
            <RefreshCw aria-hidden="true" />
          </button>
        </div>
        <ListStatus
          loading={online.loading}
          shown={online.shown}
          error={online.error}
          empty={online.items.length === 0}
          emptyText={words.onlineEmpty}
          onRetry={online.reload}
        />
        <ul className="mod-people">
          {online.items.map((person) => (
            <li key={person.userId} className="mod-people__item">
              <PersonLine id={person.userId} nickName={person.nickName} avatar={person.avatar} />
              {person.userId !== selfId && (
                <span className="mod-people__actions">
                  <PersonActions
                    person={person}
                    disabled={bans.acting}
                    onMute={(length) => onMute(person, length)}
                    onKick={() => onKick(person)}
                  />
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="console-card mod-panel" aria-label={words.bansTitle}>
        <div className="mod-panel__head">
          <h2 className="mod-panel__title">
            {words.bansTitle}
            <span className="mod-count">{bans.items.length}</span>
          </h2>
          <button type="button" className="icon-button" aria-label={`${text.refresh}${words.bansTitle}`} onClick={bans.reload}>
            <RefreshCw aria-hidden="true" />
          </button>
        </div>
        <ListStatus
          loading={bans.loading}
          shown={bans.shown}
          error={bans.error}
          empty={bans.items.length === 0}
          emptyText={words.bansEmpty}
          onRetry={bans.reload}
        />
        <ul className="mod-people">
          {bans.items.map((ban) => (
            <li key={ban.userId} className="mod-people__item" data-user={ban.userId}>
              <PersonLine id={ban.userId} nickName={ban.nickName} avatar={ban.avatar} username={ban.username} />
              <span className="mod-ban">
                <span className="console-badge" data-tone={ban.reason === 'kick' ? 'error' : 'warning'}>
                  {ban.reason === 'kick' ? words.reasonKick : words.reasonMute}
                </span>
                <time dateTime={ban.until}>{words.until(formatTime(ban.until))}</time>
              </span>
              <span className="mod-people__actions">
                <button
                  type="button"
                  className="console-action"
                  disabled={bans.acting}
                  aria-label={words.liftUser(ban.nickName)}
                  onClick={() => bans.act({ kind: 'unmute', person: ban })}
                >
                  <Undo2 aria-hidden="true" />
                  <span className="console-action__label">{words.lift}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
