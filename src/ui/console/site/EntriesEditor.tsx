import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { groupsOf, idsOf, moveKind, moveWithinKind } from '../../../domain/console/site/arrangement';
import type { EditableListEvent } from '../../../domain/console/site/editableList.machine';
import * as zhCN from '../../../i18n/zh-CN';
import { SortableArea } from '../Sortable';
import { EntryRow, type Entry } from './EntryRow';

const text = zhCN.consoleSite;
const words = text.entries;

interface EntriesEditorProps<Item extends Entry, Draft> {
  items: Item[];
  busy: boolean;
  run: (event: Exclude<EditableListEvent<Draft, never>, { type: 'list.reload' }>) => Promise<boolean>;
  /** The item's picture (a resource's cover, a site's icon). */
  imageOf: (item: Item) => string;
  onEdit: (item: Item) => void;
}

/**
 * Resources or sites in their groups, as the public page shows them: drag an item within its group (or move it
 * with the keyboard: space, arrows, space), move a whole group with its arrows. Each change is stored at once.
 */
export function EntriesEditor<Item extends Entry, Draft>({ items, busy, run, imageOf, onEdit }: EntriesEditorProps<Item, Draft>) {
  const groups = groupsOf(items);
  const arrange = (next: Item[]) => {
    const ids = idsOf(next);
    if (ids.join() !== idsOf(items).join()) void run({ type: 'list.arrange', ids });
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) arrange(moveWithinKind(items, Number(active.id), Number(over.id)));
  };

  return (
    <SortableArea onDragEnd={dropped}>
      <div className="site-entries">
        {groups.map((group, index) => (
          <section key={group.kind} className="site-entries__group" aria-label={group.kind}>
            <header className="site-entries__head">
              <h2>{group.kind}</h2>
              <span className="site-count">{group.items.length}</span>
              <div className="site-entries__moves">
                <button
                  type="button"
                  className="icon-button"
                  disabled={busy || index === 0}
                  aria-label={words.kindUp(group.kind)}
                  onClick={() => arrange(moveKind(items, group.kind, -1))}
                >
                  <ArrowUp aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  disabled={busy || index === groups.length - 1}
                  aria-label={words.kindDown(group.kind)}
                  onClick={() => arrange(moveKind(items, group.kind, 1))}
                >
                  <ArrowDown aria-hidden="true" />
                </button>
              </div>
            </header>
            <SortableContext items={idsOf(group.items)} strategy={verticalListSortingStrategy} disabled={busy}>
              <ul className="site-entries__list">
                {group.items.map((item) => (
                  <EntryRow
                    key={item.id}
                    item={item}
                    image={imageOf(item)}
                    busy={busy}
                    onEdit={() => onEdit(item)}
                    onRemove={() => run({ type: 'item.remove', id: item.id })}
                  />
                ))}
              </ul>
            </SortableContext>
          </section>
        ))}
      </div>
    </SortableArea>
  );
}
