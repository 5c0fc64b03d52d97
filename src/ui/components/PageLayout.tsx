import type { ReactNode } from 'react';
import { PageBanner } from '../shell/PageBanner';
import { EmptyState } from './EmptyState';
import './components.css';

/** The chrome every content page shares: its banner, then the content on a card (an empty state by default). */
export function PageLayout({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page">
      <PageBanner title={title} />
      <div className="page__body">
        <section className="card page__card">{children ?? <EmptyState />}</section>
      </div>
    </div>
  );
}
