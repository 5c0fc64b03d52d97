import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TaxonomyItem, TaxonomyKind } from '../../../domain/console/site/site';
import { SITE_LIMITS } from '../../../domain/console/site/siteLimits';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { ListStatus } from '../ListStatus';
import { TaxonomyRow } from './TaxonomyRow';
import { useEditableList } from './useEditableList';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleSite;
const words = text.taxonomy;

/** One kind's list: 新建 on top, then every one with its articles counted, to rename, merge or delete. */
export function TaxonomyPanel({ kind }: { kind: TaxonomyKind }) {
  const api = useService(CONSOLE_TOKENS.siteConsoleApi);
  const list = useEditableList<TaxonomyItem, string>(
    {
      load: () => api.taxonomy(kind),
      save: (id, name) => (id === null ? api.createTaxonomy(kind, name) : api.renameTaxonomy(kind, id, name)),
      remove: (id) => api.removeTaxonomy(kind, id),
      merge: (id, into) => api.mergeTaxonomy(kind, id, into),
    },
    { save: text.saved, remove: text.deleted, merge: words.merged },
  );
  const [name, setName] = useState('');
  const title = kind === 'categories' ? words.categories : words.tags;

  const create = (event: FormEvent) => {
    event.preventDefault();
    void list.run({ type: 'item.save', id: null, draft: name.trim() }).then((done) => {
      if (done) setName('');
    });
  };

  return (
    <section className="console-card site-taxonomy__panel" aria-labelledby={`taxonomy-${kind}`}>
      <h2 id={`taxonomy-${kind}`}>
        {title}
        <span className="site-count">{list.items.length}</span>
      </h2>
      <form className="site-inline-form" onSubmit={create}>
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={SITE_LIMITS.taxonomyName}
          placeholder={kind === 'categories' ? words.newCategory : words.newTag}
          aria-label={kind === 'categories' ? words.newCategory : words.newTag}
          required
        />
        <button type="submit" className="button button--primary" disabled={list.busy || name.trim() === ''}>
          <Plus aria-hidden="true" />
          {words.create}
        </button>
      </form>
      <ListStatus loading={list.loading} error={list.error} onRetry={list.reload} />
      {!list.loading && list.error === null && list.items.length === 0 && <p className="site-empty">{words.empty(title)}</p>}
      {list.items.length > 0 && (
        <table className="console-table site-taxonomy__table">
          <thead>
            <tr>
              <th scope="col">{words.name}</th>
              <th scope="col">{words.articles}</th>
              <th scope="col" className="site-table__actions">
                {words.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <TaxonomyRow key={item.id} kind={kind} item={item} others={list.items.filter((other) => other.id !== item.id)} busy={list.busy} run={list.run} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
