import { useId } from 'react';
import { ARTICLE_LIMITS } from '../../../domain/console/articles/articles';
import type { NamedRef } from '../../../domain/content/content';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleArticles.editor;

/** 分类: pick one of the list, or type a new name (created with the next save); empty for none. */
export function CategoryField({ value, categories, disabled, onChange, onBlur }: {
  value: string;
  categories: readonly NamedRef[];
  disabled: boolean;
  onChange: (category: string) => void;
  onBlur: () => void;
}) {
  const list = useId();
  const known = categories.some((category) => category.name === value.trim());
  return (
    <label className="console-field">
      <span>{text.category}</span>
      <input
        value={value}
        list={list}
        maxLength={ARTICLE_LIMITS.name}
        placeholder={text.categoryPlaceholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <datalist id={list}>
        {categories.map((category) => (
          <option key={category.id} value={category.name} />
        ))}
      </datalist>
      {value.trim() !== '' && !known && <span className="console-field__hint">{text.createOption(value.trim())}</span>}
    </label>
  );
}
