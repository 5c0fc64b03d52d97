import { useEffect } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { DownloadsPanel } from './DownloadsPanel';
import { ZipImportPanel } from './ZipImportPanel';
import './transfer.css';

const text = zhCN.consoleTransfer;

/** 导入导出: a zip of posts in, the Markdown export and the whole site's backup out. */
export default function TransferPage() {
  useEffect(() => {
    document.title = `${text.title} - ${zhCN.console.title}`;
  }, []);

  return (
    <section className="console-page transfer-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{text.title}</h1>
      </header>
      <ZipImportPanel />
      <DownloadsPanel />
    </section>
  );
}
