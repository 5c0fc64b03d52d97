import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FriendLinkDraft, FriendLinkEntry, FriendLinkStatus } from '../../../domain/console/site/site';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { LinkDialog } from './LinkDialog';
import { LinkRow } from './LinkRow';
import { ListStatus } from '../ListStatus';
import { useEditableList } from './useEditableList';
import './site.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleSite;
const words = text.links;
const TABS: FriendLinkStatus[] = ['pending', 'approved', 'rejected'];

/** 友链: readers' applications to review, and every link to add, edit or delete. */
export default function LinksPage() {
  const api = useService(CONSOLE_TOKENS.siteConsoleApi);
  const list = useEditableList<FriendLinkEntry, FriendLinkDraft, boolean>(
    {
      load: () => api.links(),
      save: (id, link) => api.saveLink(id, link),
      patch: (id, approved) => api.reviewLink(id, approved),
      remove: (id) => api.removeLink(id),
    },
    { save: text.saved, patch: text.saved, remove: text.deleted },
  );
  const [tab, setTab] = useState<FriendLinkStatus>('pending');
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);

  const shown = list.items.filter((link) => link.status === tab);

  return (
    <section className="console-page site-console">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
        <div className="console-page__actions">
          <button type="button" className="button button--primary" disabled={list.busy} onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {words.add}
          </button>
        </div>
      </header>
      <div className="console-tabs" role="tablist" aria-label={words.title}>
        {TABS.map((status) => (
          <button
            key={status}
            type="button"
            role="tab"
            className="console-tabs__tab"
            aria-selected={tab === status}
            onClick={() => setTab(status)}
          >
            {words[status]}
            <span className="site-count">{list.items.filter((link) => link.status === status).length}</span>
          </button>
        ))}
      </div>
      <div className="console-card" role="tabpanel" aria-label={words[tab]}>
        <ListStatus loading={list.loading} error={list.error} onRetry={list.reload} />
        {!list.loading && list.error === null && shown.length === 0 && <p className="site-empty">{words.empty(words[tab])}</p>}
        <ul className="site-links">
          {shown.map((link) => (
            <LinkRow key={link.id} link={link} busy={list.busy} run={list.run} />
          ))}
        </ul>
      </div>
      {adding && (
        <LinkDialog
          title={words.addTitle}
          initial={{ name: '', description: '', url: '', avatar: '' }}
          onClose={() => setAdding(false)}
          onSave={(draft) =>
            list.run({ type: 'item.save', id: null, draft }).then((done) => {
              // The blogger's own link is approved at once: show where it went.
              if (done) setTab('approved');
              return done;
            })
          }
        />
      )}
    </section>
  );
}
