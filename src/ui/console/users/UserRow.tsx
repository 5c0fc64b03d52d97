import { KeyRound, LogOut, ShieldCheck, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { ADMIN_ROLE, toggledRole, type ConsoleUserItem } from '../../../domain/console/users/users';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmButton } from '../ConfirmButton';
import { PersonLine } from '../moderation/PersonLine';
import { formatTime } from '../moderation/time';

const words = zhCN.consoleUsers.users;
const columns = words.columns;

export type UserAction =
  | { kind: 'role'; user: ConsoleUserItem; role: number }
  | { kind: 'disabled'; user: ConsoleUserItem; disabled: boolean }
  | { kind: 'password'; user: ConsoleUserItem }
  | { kind: 'sessions'; user: ConsoleUserItem };

/** One account: who, role, when registered and last signed in, its state, and what may be done to it. */
export function UserRow({ user, self, busy, onAct }: { user: ConsoleUserItem; self: boolean; busy: boolean; onAct: (action: UserAction) => void }) {
  const nextRole = toggledRole(user);
  const nextRoleName = words.role(nextRole);
  return (
    <tr className="users-row" data-id={user.id} data-disabled={user.disabled}>
      <td data-label={columns.user} className="console-table__bare">
        <PersonLine id={user.id} nickName={user.nickName} avatar={user.avatar} username={user.username} />
        {self && <span className="console-badge">{words.me}</span>}
      </td>
      <td data-label={columns.role}>
        <span className="console-badge" data-tone={user.role === ADMIN_ROLE ? 'primary' : undefined}>
          {words.role(user.role)}
        </span>
      </td>
      <td data-label={columns.createdAt} className="users-table__time">
        {formatTime(user.createdAt)}
      </td>
      <td data-label={columns.lastLoginAt} className="users-table__time">
        {user.lastLoginAt ? formatTime(user.lastLoginAt) : words.never}
      </td>
      <td data-label={columns.status}>
        <span className="console-badge" data-tone={user.disabled ? 'error' : 'success'}>
          {user.disabled ? words.disabled : words.enabled}
        </span>
        {user.mustChangePassword && <span className="console-badge">{words.mustChange}</span>}
      </td>
      <td data-label={columns.actions} className="console-table__bare">
        {!self && (
          <div className="mod-row__actions" role="group" aria-label={words.actionsFor(user.nickName)}>
            <ConfirmButton
              title={words.confirmRole(user.nickName, nextRoleName)}
              description={nextRole === ADMIN_ROLE ? words.adminHint : words.memberHint}
              action={zhCN.consoleModeration.confirm}
              disabled={busy}
              onConfirm={() => onAct({ kind: 'role', user, role: nextRole })}
            >
              {nextRole === ADMIN_ROLE ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
              <span className="console-action__label">{nextRole === ADMIN_ROLE ? words.makeAdmin : words.makeMember}</span>
            </ConfirmButton>
            <ConfirmButton
              title={user.disabled ? words.confirmEnable(user.nickName) : words.confirmDisable(user.nickName)}
              description={user.disabled ? '' : words.disableHint}
              action={user.disabled ? words.enable : words.disable}
              danger={!user.disabled}
              disabled={busy}
              onConfirm={() => onAct({ kind: 'disabled', user, disabled: !user.disabled })}
            >
              {user.disabled ? <UserCheck aria-hidden="true" /> : <UserX aria-hidden="true" />}
              <span className="console-action__label">{user.disabled ? words.enable : words.disable}</span>
            </ConfirmButton>
            <ConfirmButton
              title={words.confirmReset(user.nickName)}
              description={words.resetHint}
              action={words.resetPassword}
              disabled={busy}
              onConfirm={() => onAct({ kind: 'password', user })}
            >
              <KeyRound aria-hidden="true" />
              <span className="console-action__label">{words.resetPassword}</span>
            </ConfirmButton>
            <ConfirmButton
              title={words.confirmEndSessions(user.nickName)}
              description={words.endSessionsHint}
              action={words.endSessions}
              disabled={busy}
              onConfirm={() => onAct({ kind: 'sessions', user })}
            >
              <LogOut aria-hidden="true" />
              <span className="console-action__label">{words.endSessions}</span>
            </ConfirmButton>
          </div>
        )}
      </td>
    </tr>
  );
}
