import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { groupsOf } from '../../../domain/console/site/arrangement';
import type { SiteListDraft, SiteListEntry } from '../../../domain/console/site/site';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { EntriesEditor } from './EntriesEditor';
import { EntryDialog, type EntryDraft } from './EntryDialog';
import { ListStatus } from '../ListStatus';
import { useEditableList } from './useEditableList';
import './site.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleSite;
const words = text.siteList;

const toDraft = ({ image, side: _side, ...rest }: EntryDraft): SiteListDraft => ({ ...rest, icon: image });

/** 网站导航: the sites of /siteList, added to, edited and ordered as the page shows them. */
export default function SiteListPage() {
  const api = useService(CONSOLE_TOKENS.siteConsoleApi);
  const list = useEditableList<SiteListEntry, SiteListDraft>(
    {
      load: () => api.siteList(),
      save: (id, entry) => api.saveSiteEntry(id, entry),
      remove: (id) => api.removeSiteEntry(id),
      arrange: (ids) => api.arrangeSiteList(ids),
    },
    { save: text.saved, remove: text.deleted, arrange: text.entries.arranged },
  );
  const [editing, setEditing] = useState<SiteListEntry | 'new' | null>(null);
  const kinds = groupsOf(list.items).map((group) => group.kind);

  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);

  return (
    <section className="console-page site-console">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
        <div className="console-page__actions">
          <button type="button" className="button button--primary" disabled={list.busy} onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {words.add}
          </button>
        </div>
      </header>
      <p className="site-hint">{text.entries.orderHint}</p>
      <ListStatus loading={list.loading} error={list.error} onRetry={list.reload} />
      {!list.loading && list.error === null && list.items.length === 0 && <p className="site-empty">{text.entries.empty}</p>}
      <EntriesEditor items={list.items} busy={list.busy} run={list.run} imageOf={(item) => item.icon} onEdit={setEditing} />
      {editing !== null && (
        <EntryDialog
          title={editing === 'new' ? words.addTitle : words.editTitle}
          initial={
            editing === 'new'
              ? { kind: kinds[0] ?? '', name: '', description: '', url: '', image: '' }
              : { kind: editing.kind, name: editing.name, description: editing.description, url: editing.url, image: editing.icon }
          }
          kinds={kinds}
          imageLabel={text.entries.icon}
          onClose={() => setEditing(null)}
          onSave={(draft) => list.run({ type: 'item.save', id: editing === 'new' ? null : editing.id, draft: toDraft(draft) })}
        />
      )}
    </section>
  );
}
