import type { ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

/** A titled group of cards of one kind (resources, sites), with its count. */
export function KindGroup({
  kind,
  count,
  icon,
  gridClass,
  children,
}: {
  kind: string;
  count: number;
  icon: ReactNode;
  gridClass: string;
  children: ReactNode;
}) {
  return (
    <section className="group" aria-label={kind}>
      <h2 className="section-title">
        {icon}
        {kind}
        <span className="section-title__count">{zhCN.content.itemCount(count)}</span>
      </h2>
      <ul className={gridClass}>{children}</ul>
    </section>
  );
}
