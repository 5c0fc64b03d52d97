import { useId } from 'react';
import { AUDIT_AREA_KEYS, type AuditAreaKey, type AuditSearch } from '../../../domain/console/audit/audit';
import * as zhCN from '../../../i18n/zh-CN';
import { SearchField } from '../moderation/SearchField';
import { SearchForm } from '../moderation/SearchForm';

const words = zhCN.consoleAudit;

/** The log's search: a person and an object as typed, a kind and the days as picked. */
export function AuditFilters({
  search,
  onType,
  onSearch,
}: {
  search: AuditSearch;
  onType: (search: AuditSearch) => void;
  onSearch: (search: AuditSearch) => void;
}) {
  const id = useId();
  return (
    <SearchForm onSearch={() => onSearch(search)}>
      <SearchField
        label={words.filters.actor}
        value={search.actor}
        placeholder={words.filters.actorPlaceholder}
        onChange={(actor) => onType({ ...search, actor })}
      />
      <SearchField
        wide
        label={words.filters.object}
        value={search.object}
        placeholder={words.filters.objectPlaceholder}
        onChange={(object) => onType({ ...search, object })}
      />
      <label className="console-field" htmlFor={`${id}-area`}>
        {words.filters.area}
        <select
          id={`${id}-area`}
          value={search.area}
          onChange={(event) => onSearch({ ...search, area: event.target.value as AuditAreaKey | '' })}
        >
          <option value="">{words.filters.anyArea}</option>
          {AUDIT_AREA_KEYS.map((area) => (
            <option key={area} value={area}>
              {words.areas[area]}
            </option>
          ))}
        </select>
      </label>
      <label className="console-field" htmlFor={`${id}-from`}>
        {words.filters.from}
        <input id={`${id}-from`} type="date" value={search.from} max={search.to || undefined} onChange={(event) => onSearch({ ...search, from: event.target.value })} />
      </label>
      <label className="console-field" htmlFor={`${id}-to`}>
        {words.filters.to}
        <input id={`${id}-to`} type="date" value={search.to} min={search.from || undefined} onChange={(event) => onSearch({ ...search, to: event.target.value })} />
      </label>
    </SearchForm>
  );
}
