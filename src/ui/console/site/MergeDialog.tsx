import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TaxonomyItem, TaxonomyKind } from '../../../domain/console/site/site';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleSite;
const words = text.taxonomy;

interface MergeDialogProps {
  kind: TaxonomyKind;
  item: TaxonomyItem;
  others: TaxonomyItem[];
  disabled: boolean;
  /** Resolves whether the merge was done. */
  onMerge: (into: number) => Promise<boolean>;
  /** The button's content. */
  children: ReactNode;
}

/** 合并: choose the category or tag that takes this one's articles. */
export function MergeDialog({ kind, item, others, disabled, onMerge, children }: MergeDialogProps) {
  const [open, setOpen] = useState(false);
  const [into, setInto] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void onMerge(Number(into)).then((done) => {
      setBusy(false);
      if (done) setOpen(false);
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setInto('');
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="console-action" disabled={disabled}>
          {children}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--small">
          <Dialog.Title className="console-dialog__title">{words.mergeTitle(item.name)}</Dialog.Title>
          <Dialog.Description className="console-dialog__text">
            {kind === 'categories' ? words.mergeCategoryHint(item.name) : words.mergeTagHint(item.name)}
          </Dialog.Description>
          <form className="site-dialog__form" onSubmit={submit}>
            <div className="console-field">
              <label htmlFor={id}>{words.mergeInto}</label>
              <select id={id} value={into} onChange={(event) => setInto(event.target.value)} required>
                <option value="" disabled>
                  {words.chooseTarget}
                </option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {`${other.name}（${words.count(other.articleCount)}）`}
                  </option>
                ))}
              </select>
            </div>
            <div className="console-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button" disabled={busy}>
                  {text.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={busy || into === ''}>
                {words.merge}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
