import { Music2 } from 'lucide-react';
import { useState } from 'react';
import { sizedCover } from './cover';

/** A square cover at `px` (NetEase `?param=` sizes); the embedded default cover when there is none or it fails. */
export function Cover({ url, px, className = '' }: { url: string; px: number; className?: string }) {
  const src = sizedCover(url, px);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className={`mp-cover mp-cover--default ${className}`} aria-hidden="true">
        <Music2 />
      </span>
    );
  }
  return (
    <img
      className={`mp-cover ${className}`}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
    />
  );
}
