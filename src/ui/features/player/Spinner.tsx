import * as zhCN from '../../../i18n/zh-CN';

/** Spec: the loading spinner is "big" when its size is above 30, otherwise "small". */
export function spinnerKind(size: number): 'big' | 'small' {
  return size > 30 ? 'big' : 'small';
}

export function Spinner({ size = 20, label = zhCN.music.loading }: { size?: number; label?: string }) {
  return (
    <span className={`mp-spinner mp-spinner--${spinnerKind(size)}`} role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
