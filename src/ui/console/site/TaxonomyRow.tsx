import { Check, Merge, Pencil, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { EditableListEvent } from '../../../domain/console/site/editableList.machine';
import type { TaxonomyItem, TaxonomyKind } from '../../../domain/console/site/site';
import { SITE_LIMITS } from '../../../domain/console/site/siteLimits';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmDelete } from './ConfirmDelete';
import { MergeDialog } from './MergeDialog';

const text = zhCN.consoleSite;
const words = text.taxonomy;

interface TaxonomyRowProps {
  kind: TaxonomyKind;
  item: TaxonomyItem;
  /** What it may be merged into. */
  others: TaxonomyItem[];
  busy: boolean;
  run: (event: Exclude<EditableListEvent<string, never>, { type: 'list.reload' }>) => Promise<boolean>;
}

/** A category or tag: its name (renamed in place), its articles, and 重命名 / 合并 / 删除. */
export function TaxonomyRow({ kind, item, others, busy, run }: TaxonomyRowProps) {
  const [renaming, setRenaming] = useState<string | null>(null);

  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming === null) return;
    void run({ type: 'item.save', id: item.id, draft: renaming.trim() }).then((done) => {
      if (done) setRenaming(null);
    });
  };

  return (
    <tr>
      <td>
        {renaming === null ? (
          <span className="site-taxonomy__name">{item.name}</span>
        ) : (
          <form className="site-inline-form site-inline-form--tight" onSubmit={rename}>
            <input
              value={renaming}
              onChange={(event) => setRenaming(event.target.value)}
              maxLength={SITE_LIMITS.taxonomyName}
              aria-label={`${words.rename}：${item.name}`}
              required
              autoFocus
            />
            <button type="submit" className="icon-button" disabled={busy || renaming.trim() === ''} aria-label={text.save}>
              <Check aria-hidden="true" />
            </button>
            <button type="button" className="icon-button" onClick={() => setRenaming(null)} aria-label={text.cancel}>
              <X aria-hidden="true" />
            </button>
          </form>
        )}
      </td>
      <td className="site-taxonomy__count">{words.count(item.articleCount)}</td>
      <td className="site-table__actions">
        <div className="site-actions">
          <button type="button" className="console-action" disabled={busy || renaming !== null} onClick={() => setRenaming(item.name)}>
            <Pencil aria-hidden="true" />
            <span className="console-action__label">{words.rename}</span>
          </button>
          <MergeDialog kind={kind} item={item} others={others} disabled={busy || others.length === 0} onMerge={(into) => run({ type: 'item.merge', id: item.id, into })}>
            <Merge aria-hidden="true" />
            <span className="console-action__label">{words.merge}</span>
          </MergeDialog>
          <ConfirmDelete
            name={item.name}
            hint={kind === 'categories' ? words.deleteCategoryHint : words.deleteTagHint}
            disabled={busy}
            onConfirm={() => run({ type: 'item.remove', id: item.id })}
          />
        </div>
      </td>
    </tr>
  );
}
