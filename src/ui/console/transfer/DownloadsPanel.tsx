import { Archive, Download, FileText } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import type { TransferDownloads } from '../../../domain/console/transfer/transfer';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';
import { TOKENS } from '../../../ports/tokens';

const text = zhCN.consoleTransfer;

/**
 * 导出文章 and 备份整站: links the browser downloads itself (the server streams them and names the file), so a
 * backup of any size never passes through the page's memory.
 */
export function DownloadsPanel() {
  const api = useService(CONSOLE_TOKENS.transferConsoleApi);
  const signIn = useService(TOKENS.signInApi);
  const [downloads, setDownloads] = useState<TransferDownloads | null>(null);
  const [withMusic, setWithMusic] = useState(true);
  const musicId = useId();

  useEffect(() => {
    let live = true;
    void api.downloads().then((found) => live && setDownloads(found));
    return () => {
      live = false;
    };
  }, [api]);

  // The browser fetches a download itself, so a refusal could not be answered and retried: the session's
  // password proof is checked first (asking the password again if it is old), then the link is followed.
  const afterProof = (event: MouseEvent<HTMLAnchorElement>) => {
    const link = event.currentTarget;
    if (link.dataset.proved === 'true') return void delete link.dataset.proved;
    event.preventDefault();
    void signIn.confirmFreshProof().then(
      () => {
        link.dataset.proved = 'true';
        link.click();
      },
      () => undefined,
    );
  };

  return (
    <div className="transfer-downloads">
      <section className="console-card transfer-card" aria-labelledby="transfer-export">
        <h2 id="transfer-export" className="transfer-card__heading">
          <FileText aria-hidden="true" />
          {text.export.heading}
        </h2>
        <p className="transfer-card__hint">{text.export.hint}</p>
        <div className="transfer-card__actions">
          <a className="button button--primary" href={downloads?.markdown} download aria-disabled={!downloads} onClick={afterProof}>
            <Download aria-hidden="true" />
            {text.export.download}
          </a>
        </div>
      </section>
      <section className="console-card transfer-card" aria-labelledby="transfer-backup">
        <h2 id="transfer-backup" className="transfer-card__heading">
          <Archive aria-hidden="true" />
          {text.backup.heading}
        </h2>
        <p className="transfer-card__hint">{text.backup.hint}</p>
        <div className="transfer-card__actions">
          <span className="transfer-switch">
            <Switch.Root
              id={musicId}
              className="transfer-switch__root"
              checked={withMusic}
              onCheckedChange={setWithMusic}
            >
              <Switch.Thumb className="transfer-switch__thumb" />
            </Switch.Root>
            <label htmlFor={musicId}>{text.backup.withMusic}</label>
          </span>
          <a
            className="button button--primary"
            href={downloads ? (withMusic ? downloads.backup : downloads.backupWithoutMusic) : undefined}
            download
            aria-disabled={!downloads}
            onClick={afterProof}
          >
            <Download aria-hidden="true" />
            {text.backup.download}
          </a>
        </div>
      </section>
    </div>
  );
}
