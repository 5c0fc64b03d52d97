import { useEffect } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { BannerSlots } from './BannerSlots';
import { SettingsForm } from './SettingsForm';
import './site.css';

const words = zhCN.consoleSite.settings;

/** 网站设置: the site's name, author card, notice and footer lines, and one banner per page. */
export default function SiteSettingsPage() {
  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);
  return (
    <section className="console-page site-console">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
      </header>
      <SettingsForm />
      <BannerSlots />
    </section>
  );
}
