import { useId, useState } from 'react';
import type { ResourceSide } from '../../../domain/console/site/site';
import { SITE_LIMITS } from '../../../domain/console/site/siteLimits';
import * as zhCN from '../../../i18n/zh-CN';
import { FormDialog } from './FormDialog';
import { ImageField } from './ImageField';
import { TextField } from './TextField';

const text = zhCN.consoleSite;
const words = text.entries;

/** The fields of a resource or a site-list entry; `side` only for a resource. */
export interface EntryDraft {
  side?: ResourceSide;
  kind: string;
  name: string;
  description: string;
  url: string;
  image: string;
}

interface EntryDialogProps {
  title: string;
  initial: EntryDraft;
  /** The groups in use, offered as the 分组 is typed. */
  kinds: string[];
  /** 封面 or 图标. */
  imageLabel: string;
  onClose: () => void;
  /** Resolves whether it was saved. */
  onSave: (draft: EntryDraft) => Promise<boolean>;
}

/** 添加 / 编辑 a resource or a site. */
export function EntryDialog({ title, initial, kinds, imageLabel, onClose, onSave }: EntryDialogProps) {
  const [draft, setDraft] = useState(initial);
  const edit = (change: Partial<EntryDraft>) => setDraft((current) => ({ ...current, ...change }));
  const id = useId();
  return (
    <FormDialog title={title} open onOpenChange={(open) => !open && onClose()} onSubmit={() => onSave(draft)}>
      {draft.side !== undefined && (
        <div className="console-field">
          <label htmlFor={`${id}-side`}>{words.side}</label>
          <select id={`${id}-side`} value={draft.side} onChange={(event) => edit({ side: event.target.value as ResourceSide })}>
            <option value="front">{text.resources.front}</option>
            <option value="back">{text.resources.back}</option>
          </select>
        </div>
      )}
      <TextField label={words.kind} value={draft.kind} onChange={(kind) => edit({ kind })} max={SITE_LIMITS.kind} hint={words.kindHint} list={`${id}-kinds`} required />
      <datalist id={`${id}-kinds`}>
        {kinds.map((kind) => (
          <option key={kind} value={kind} />
        ))}
      </datalist>
      <TextField label={words.name} value={draft.name} onChange={(name) => edit({ name })} max={SITE_LIMITS.entryName} required />
      <TextField label={words.url} value={draft.url} onChange={(url) => edit({ url })} max={SITE_LIMITS.url} type="url" placeholder="https://" required />
      <TextField
        label={words.description}
        value={draft.description}
        onChange={(description) => edit({ description })}
        max={SITE_LIMITS.entryDescription}
        rows={2}
      />
      <ImageField label={imageLabel} value={draft.image} onChange={(image) => edit({ image })} />
    </FormDialog>
  );
}
