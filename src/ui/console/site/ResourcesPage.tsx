import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { groupsOf } from '../../../domain/console/site/arrangement';
import type { ResourceDraft, ResourceEntry, ResourceSide } from '../../../domain/console/site/site';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { EntriesEditor } from './EntriesEditor';
import { EntryDialog, type EntryDraft } from './EntryDialog';
import { ListStatus } from '../ListStatus';
import { useEditableList } from './useEditableList';
import './site.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleSite;
const words = text.resources;
const SIDES: ResourceSide[] = ['front', 'back'];

const toDraft = ({ image, side, ...rest }: EntryDraft): ResourceDraft => ({ ...rest, side: side ?? 'front', cover: image });

/** One side's resources: its own list (a page switch mounts the other side's). */
function ResourceList({ side }: { side: ResourceSide }) {
  const api = useService(CONSOLE_TOKENS.siteConsoleApi);
  const list = useEditableList<ResourceEntry, ResourceDraft>(
    {
      load: () => api.resources(side),
      save: (id, resource) => api.saveResource(id, resource),
      remove: (id) => api.removeResource(id),
      arrange: (ids) => api.arrangeResources(side, ids),
    },
    { save: text.saved, remove: text.deleted, arrange: text.entries.arranged },
  );
  const [editing, setEditing] = useState<ResourceEntry | 'new' | null>(null);
  // A resource moved to the other side is listed there from now on.
  const items = list.items.filter((item) => item.side === side);
  const kinds = groupsOf(items).map((group) => group.kind);

  return (
    <>
      <div className="site-toolbar">
        <p className="site-hint">{text.entries.orderHint}</p>
        <button type="button" className="button button--primary" disabled={list.busy} onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          {words.add}
        </button>
      </div>
      <ListStatus loading={list.loading} error={list.error} onRetry={list.reload} />
      {!list.loading && list.error === null && items.length === 0 && <p className="site-empty">{text.entries.empty}</p>}
      <EntriesEditor items={items} busy={list.busy} run={list.run} imageOf={(item) => item.cover} onEdit={setEditing} />
      {editing !== null && (
        <EntryDialog
          title={editing === 'new' ? words.addTitle : words.editTitle}
          initial={
            editing === 'new'
              ? { side, kind: kinds[0] ?? '', name: '', description: '', url: '', image: '' }
              : { side: editing.side, kind: editing.kind, name: editing.name, description: editing.description, url: editing.url, image: editing.cover }
          }
          kinds={kinds}
          imageLabel={text.entries.cover}
          onClose={() => setEditing(null)}
          onSave={(draft) => list.run({ type: 'item.save', id: editing === 'new' ? null : editing.id, draft: toDraft(draft) })}
        />
      )}
    </>
  );
}

/** 资源: the front- and back-end resources, each side added to, edited and ordered as its page shows it. */
export default function ResourcesPage() {
  const [side, setSide] = useState<ResourceSide>('front');
  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);
  return (
    <section className="console-page site-console">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
      </header>
      <div className="console-tabs" role="tablist" aria-label={words.title}>
        {SIDES.map((value) => (
          <button key={value} type="button" role="tab" className="console-tabs__tab" aria-selected={side === value} onClick={() => setSide(value)}>
            {words[value]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={words[side]}>
        <ResourceList key={side} side={side} />
      </div>
    </section>
  );
}
