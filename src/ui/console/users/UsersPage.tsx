import { useSelector } from '../../hooks/useSelector';
import { useEffect, useState } from 'react';
import { USERS_PAGE_SIZE, type ConsoleUserItem, type UserQuery } from '../../../domain/console/users/users';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { PagedListBody } from '../moderation/PagedListBody';
import { usePagedList } from '../moderation/usePagedList';
import { PasswordDialog } from './PasswordDialog';
import { UserFilters } from './UserFilters';
import { UserRow, type UserAction } from './UserRow';
import '../moderation/moderation.css';
import './users.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const words = zhCN.consoleUsers.users;
const columns = words.columns;

/** 用户: every account searched; its role, whether it may sign in, and a fresh password. */
export default function UsersPage() {
  const api = useService(CONSOLE_TOKENS.usersApi);
  const selfId = useSelector(useService(TOKENS.session), (snapshot) => snapshot.context.user?.id ?? null);
  // The generated password, shown once by the dialog; it lives nowhere else.
  const [reset, setReset] = useState<{ nickName: string; password: string } | null>(null);
  const users = usePagedList<ConsoleUserItem, UserQuery, UserAction>({
    query: { keyword: '', role: null, status: 'all', sort: 'created' },
    size: USERS_PAGE_SIZE,
    fetchPage: (query, current, size) => api.users(query, current, size),
    runAction: async (action) => {
      if (action.kind === 'role') return { kind: 'replace', item: await api.setRole(action.user.id, action.role) };
      if (action.kind === 'disabled')
        return { kind: 'replace', item: await api.setDisabled(action.user.id, action.disabled) };
      if (action.kind === 'sessions') {
        await api.endSessions(action.user.id);
        return { kind: 'none' };
      }
      const { password, user } = await api.resetPassword(action.user.id);
      setReset({ nickName: user.nickName, password });
      return { kind: 'replace', item: user };
    },
    rowOf: (action) => action.user.id,
    told: (action) => {
      const name = action.user.nickName;
      if (action.kind === 'role') return words.roleChanged(name, words.role(action.role));
      if (action.kind === 'disabled') return action.disabled ? words.disabledDone(name) : words.enabledDone(name);
      if (action.kind === 'sessions') return words.sessionsEnded(name);
      return null;
    },
  });

  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);

  return (
    <section className="console-page mod-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
      </header>
      <div className="console-card mod-panel">
        <UserFilters query={users.query} onType={users.type} onSearch={users.search} />
        <PagedListBody list={users} emptyText={words.empty}>
          {users.items.length > 0 && (
            <table className="console-table console-table--cards users-table" aria-busy={users.loading}>
              <thead>
                <tr>
                  <th scope="col">{columns.user}</th>
                  <th scope="col">{columns.role}</th>
                  <th scope="col">{columns.createdAt}</th>
                  <th scope="col">{columns.lastLoginAt}</th>
                  <th scope="col">{columns.status}</th>
                  <th scope="col">{columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {users.items.map((user) => (
                  <UserRow key={user.id} user={user} self={user.id === selfId} busy={users.acting} onAct={users.act} />
                ))}
              </tbody>
            </table>
          )}
        </PagedListBody>
      </div>
      {reset && <PasswordDialog nickName={reset.nickName} password={reset.password} onClose={() => setReset(null)} />}
    </section>
  );
}
