import { useSortableItem } from '../Sortable';
import { CSS } from '@dnd-kit/utilities';
import { ExternalLink, GripVertical, Pencil } from 'lucide-react';
import type { Kinded } from '../../../domain/console/site/arrangement';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmDelete } from './ConfirmDelete';

const text = zhCN.consoleSite;

/** What a resource and a site-list entry share. */
export interface Entry extends Kinded {
  name: string;
  description: string;
  url: string;
}

interface EntryRowProps {
  item: Entry;
  image: string;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => Promise<unknown>;
}

/** One resource or site: its handle to drag, its picture and words, 编辑 and 删除. */
export function EntryRow({ item, image, busy, onEdit, onRemove }: EntryRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortableItem(item.id, item.name);
  return (
    <li
      ref={setNodeRef}
      className="site-entry"
      data-dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="icon-button site-entry__handle"
        aria-label={text.entries.dragHandle(item.name)}
        disabled={busy}
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden="true" />
      </button>
      <div className="site-entry__image" aria-hidden="true">
        {image ? <img src={image} alt="" /> : <span>{Array.from(item.name)[0]}</span>}
      </div>
      <div className="site-entry__body">
        <strong>{item.name}</strong>
        <a className="site-link__url" href={item.url} target="_blank" rel="noopener noreferrer">
          <span>{item.url}</span>
          <ExternalLink aria-hidden="true" />
        </a>
        {item.description && <p className="site-entry__description">{item.description}</p>}
      </div>
      <div className="site-actions">
        <button type="button" className="console-action" disabled={busy} onClick={onEdit}>
          <Pencil aria-hidden="true" />
          {text.edit}
        </button>
        <ConfirmDelete name={item.name} disabled={busy} onConfirm={onRemove} />
      </div>
    </li>
  );
}
