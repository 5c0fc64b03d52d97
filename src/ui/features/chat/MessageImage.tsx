import { useState } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import brokenImage from './image-404.svg';

const text = zhCN.chat;

/** A picture in a message; a picture that fails to load shows the broken-picture drawing. */
export function MessageImage({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className="chat-message__image"
      src={broken ? brokenImage : src}
      alt={broken ? text.imageBroken : alt}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
