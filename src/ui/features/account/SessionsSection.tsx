import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SignedInSession } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { formatDateTime } from '../content/format';
import { useFailureNotice } from './useFailureNotice';

const words = zhCN.twoStep.sessions;

const deviceOf = (session: SignedInSession) =>
  `${session.browser || words.unknownBrowser} · ${session.system || words.unknownSystem}`;

/** Where the account is signed in (this device marked), each other one ended on its own or all at once. */
export function SessionsSection() {
  const api = useService(TOKENS.accountApi);
  const notifier = useService(TOKENS.notifier);
  const fail = useFailureNotice();
  const [sessions, setSessions] = useState<SignedInSession[] | null>(null);
  const [reads, setReads] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api.sessions().then(
      (list) => current && setSessions(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, reads]);

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      notifier.notify({ level: 'success', message: await action() });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
      setReads((n) => n + 1);
    }
  };
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <section className="user-center__section sessions">
      <h2 className="user-center__heading">{words.title}</h2>
      <ul className="sessions__list">
        {(sessions ?? []).map((session) => (
          <li key={session.id} className="sessions__item" data-current={session.current}>
            <MonitorSmartphone aria-hidden="true" />
            <div className="sessions__facts">
              <p className="sessions__device">
                {deviceOf(session)}
                {session.current && <span className="console-badge">{words.current}</span>}
              </p>
              <p className="user-center__hint">
                {[
                  session.address ? words.address(session.address) : '',
                  words.signedInAt(formatDateTime(session.createdAt)),
                  words.lastSeen(formatDateTime(session.lastSeenAt)),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-label={words.endFor(deviceOf(session))}
                onClick={() =>
                  void act(async () => {
                    await api.endSession(session.id);
                    return words.ended;
                  })
                }
              >
                <LogOut aria-hidden="true" />
                {words.end}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <button type="button" className="button" disabled={busy} onClick={() => void act(async () => words.endedOthers(await api.endOtherSessions()))}>
          {words.endOthers}
        </button>
      )}
    </section>
  );
}
