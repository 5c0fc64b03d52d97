import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { ARTICLE_LIMITS } from '../../../domain/console/articles/articles';
import type { NamedRef } from '../../../domain/content/content';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleArticles.editor;

/** 标签: the article's tags as chips; Enter (or a comma) adds the typed or picked name, new ones are created on save. */
export function TagsField({ value, tags, disabled, onChange }: {
  value: readonly string[];
  tags: readonly NamedRef[];
  disabled: boolean;
  onChange: (tags: string[]) => void;
}) {
  const list = useId();
  const [typed, setTyped] = useState('');
  const full = value.length >= ARTICLE_LIMITS.tags;
  const add = (name: string) => {
    const trimmed = name.trim();
    setTyped('');
    if (trimmed === '' || value.includes(trimmed) || full) return;
    onChange([...value, trimmed]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',' || event.key === '，') {
      event.preventDefault();
      add(typed);
    } else if (event.key === 'Backspace' && typed === '' && value.length > 0) onChange(value.slice(0, -1));
  };
  const known = new Set(tags.map((tag) => tag.name));
  return (
    <div className="console-field tags-field">
      <label htmlFor={`${list}-input`}>{text.tags}</label>
      <div className="tags-field__box">
        {value.map((name) => (
          <span key={name} className="article-tag article-tag--removable" data-new={!known.has(name)}>
            {name}
            <button type="button" aria-label={text.removeTag(name)} disabled={disabled} onClick={() => onChange(value.filter((each) => each !== name))}>
              <X aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          id={`${list}-input`}
          value={typed}
          list={list}
          maxLength={ARTICLE_LIMITS.name}
          placeholder={full ? text.tooManyTags(ARTICLE_LIMITS.tags) : text.tagPlaceholder}
          disabled={disabled || full}
          onChange={(event) => {
            // Picking from the list adds at once; typing waits for Enter.
            if (known.has(event.target.value) && !(event.nativeEvent as InputEvent).inputType) add(event.target.value);
            else setTyped(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add(typed)}
        />
      </div>
      <datalist id={list}>
        {tags
          .filter((tag) => !value.includes(tag.name))
          .map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
      </datalist>
    </div>
  );
}
