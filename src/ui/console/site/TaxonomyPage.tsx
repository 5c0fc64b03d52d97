import { useEffect } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { TaxonomyPanel } from './TaxonomyPanel';
import './site.css';

const words = zhCN.consoleSite.taxonomy;

/** 分类与标签: both lists side by side (one above the other on a phone). */
export default function TaxonomyPage() {
  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);
  return (
    <section className="console-page site-console">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
      </header>
      <div className="site-taxonomy">
        <TaxonomyPanel kind="categories" />
        <TaxonomyPanel kind="tags" />
      </div>
    </section>
  );
}
