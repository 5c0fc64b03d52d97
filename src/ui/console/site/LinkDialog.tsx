import { useState } from 'react';
import type { FriendLinkDraft } from '../../../domain/console/site/site';
import { SITE_LIMITS } from '../../../domain/console/site/siteLimits';
import * as zhCN from '../../../i18n/zh-CN';
import { FormDialog } from './FormDialog';
import { ImageField } from './ImageField';
import { TextField } from './TextField';

const words = zhCN.consoleSite.links;

interface LinkDialogProps {
  title: string;
  initial: FriendLinkDraft;
  onClose: () => void;
  /** Resolves whether the link was saved. */
  onSave: (draft: FriendLinkDraft) => Promise<boolean>;
}

/** 添加友链 / 编辑友链. */
export function LinkDialog({ title, initial, onClose, onSave }: LinkDialogProps) {
  const [draft, setDraft] = useState(initial);
  const edit = (change: Partial<FriendLinkDraft>) => setDraft((current) => ({ ...current, ...change }));
  return (
    <FormDialog title={title} open onOpenChange={(open) => !open && onClose()} onSubmit={() => onSave(draft)}>
      <TextField label={words.name} value={draft.name} onChange={(name) => edit({ name })} max={SITE_LIMITS.linkName} required />
      <TextField label={words.url} value={draft.url} onChange={(url) => edit({ url })} max={SITE_LIMITS.url} type="url" placeholder="https://" required />
      <TextField label={words.description} value={draft.description} onChange={(description) => edit({ description })} max={SITE_LIMITS.linkDescription} />
      <ImageField label={words.avatar} value={draft.avatar} onChange={(avatar) => edit({ avatar })} shape="round" />
    </FormDialog>
  );
}
