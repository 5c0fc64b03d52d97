import { ArrowUp } from 'lucide-react';
import { BACK_TO_TOP_AFTER_PX, useScrolledPast } from '../hooks/useScroll';
import * as zhCN from '../../i18n/zh-CN';
import './floating.css';

/** Disabled and out of sight until the reader has scrolled more than 200 px. */
export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  return (
    <button
      type="button"
      className="back-to-top"
      data-visible={visible}
      disabled={!visible}
      aria-label={zhCN.shell.backToTop}
      title={zhCN.shell.backToTop}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp aria-hidden="true" />
    </button>
  );
}
