import { useEffect, useState } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.chat;

/** The picked file, shown before it is sent (spec: not uploaded until confirmed). */
export function PickedPreview({ file }: { file: File }) {
  const [url] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={text.imagePreview} />;
}
