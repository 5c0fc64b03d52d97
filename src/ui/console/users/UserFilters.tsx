import { useId } from 'react';
import {
  ADMIN_ROLE,
  MEMBER_ROLE,
  type UserQuery,
  type UserSort,
  type UserStatusFilter,
} from '../../../domain/console/users/users';
import * as zhCN from '../../../i18n/zh-CN';
import { SearchField } from '../moderation/SearchField';
import { SearchForm } from '../moderation/SearchForm';

const words = zhCN.consoleUsers.users;
const STATUSES: UserStatusFilter[] = ['all', 'enabled', 'disabled'];
const SORTS: UserSort[] = ['created', 'lastLogin'];

/** The users' search: part of a name as typed, a role, a state and an order as picked. */
export function UserFilters({
  query,
  onType,
  onSearch,
}: {
  query: UserQuery;
  onType: (query: UserQuery) => void;
  onSearch: (query: UserQuery) => void;
}) {
  const id = useId();
  return (
    <SearchForm className="users-filters" onSearch={() => onSearch(query)}>
      <SearchField
        wide
        label={words.keywordLabel}
        value={query.keyword}
        placeholder={words.keywordPlaceholder}
        onChange={(keyword) => onType({ ...query, keyword })}
      />
      <label className="console-field" htmlFor={`${id}-role`}>
        {words.roleLabel}
        <select
          id={`${id}-role`}
          value={query.role ?? ''}
          onChange={(event) =>
            onSearch({ ...query, role: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">{words.anyRole}</option>
          <option value={ADMIN_ROLE}>{words.role(ADMIN_ROLE)}</option>
          <option value={MEMBER_ROLE}>{words.role(MEMBER_ROLE)}</option>
        </select>
      </label>
      <label className="console-field" htmlFor={`${id}-status`}>
        {words.statusLabel}
        <select
          id={`${id}-status`}
          value={query.status}
          onChange={(event) => onSearch({ ...query, status: event.target.value as UserStatusFilter })}
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {words.status[status]}
            </option>
          ))}
        </select>
      </label>
      <label className="console-field" htmlFor={`${id}-sort`}>
        {words.sortLabel}
        <select
          id={`${id}-sort`}
          value={query.sort}
          onChange={(event) => onSearch({ ...query, sort: event.target.value as UserSort })}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {words.sort[sort]}
            </option>
          ))}
        </select>
      </label>
    </SearchForm>
  );
}
