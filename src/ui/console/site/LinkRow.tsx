import { Check, ExternalLink, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import type { EditableListEvent } from '../../../domain/console/site/editableList.machine';
import type { FriendLinkDraft, FriendLinkEntry } from '../../../domain/console/site/site';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmDelete } from './ConfirmDelete';
import { LinkDialog } from './LinkDialog';

const text = zhCN.consoleSite;
const words = text.links;

interface LinkRowProps {
  link: FriendLinkEntry;
  busy: boolean;
  run: (event: Exclude<EditableListEvent<FriendLinkDraft, boolean>, { type: 'list.reload' }>) => Promise<boolean>;
}

/** One link: its avatar, name, address and words, who asked for it, and what may be done with it. */
export function LinkRow({ link, busy, run }: LinkRowProps) {
  const [editing, setEditing] = useState(false);
  const review = (approved: boolean) => void run({ type: 'item.patch', id: link.id, patch: approved });

  return (
    <li className="site-link">
      <div className="site-link__avatar" aria-hidden="true">
        {link.avatar ? <img src={link.avatar} alt="" /> : <span>{Array.from(link.name)[0]}</span>}
      </div>
      <div className="site-link__body">
        <div className="site-link__title">
          <strong>{link.name}</strong>
          <span className="console-badge" data-tone="primary">{link.userId === null ? words.ownLink : words.appliedBy}</span>
        </div>
        <a className="site-link__url" href={link.url} target="_blank" rel="noopener noreferrer">
          <span>{link.url}</span>
          <ExternalLink aria-hidden="true" />
        </a>
        {link.description && <p className="site-link__description">{link.description}</p>}
      </div>
      <div className="site-actions">
        {link.status !== 'approved' && (
          <button type="button" className="console-action console-action--primary" disabled={busy} onClick={() => review(true)}>
            <Check aria-hidden="true" />
            {words.approve}
          </button>
        )}
        {link.status !== 'rejected' && (
          <button type="button" className="console-action" disabled={busy} onClick={() => review(false)}>
            <X aria-hidden="true" />
            {words.reject}
          </button>
        )}
        <button type="button" className="console-action" disabled={busy} onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          {text.edit}
        </button>
        <ConfirmDelete name={link.name} disabled={busy} onConfirm={() => run({ type: 'item.remove', id: link.id })} />
      </div>
      {editing && (
        <LinkDialog
          title={words.editTitle}
          initial={{ name: link.name, description: link.description, url: link.url, avatar: link.avatar }}
          onClose={() => setEditing(false)}
          onSave={(draft) => run({ type: 'item.save', id: link.id, draft })}
        />
      )}
    </li>
  );
}
