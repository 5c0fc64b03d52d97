import { useNow } from '../app/pageData';
import { useSiteInfoState } from '../hooks/useSiteInfo';
import * as zhCN from '../../i18n/zh-CN';
import './footer.css';

/** Spec section 9: the version tag. */
const VERSION = '1.0.0';

const BADGES = ['React', 'Vite', 'Fastify', 'XState', 'SQLite'] as const;

export function Footer() {
  const { info, failed } = useSiteInfoState();
  const name = info?.name ?? (failed ? zhCN.site.defaultName : '');
  const year = new Date(useNow()).getFullYear();
  const text = zhCN.footer;

  return (
    <footer className="site-footer">
      <p className="site-footer__copyright">{info?.copyright || text.copyright(year, name)}</p>
      {info?.filingNumber && (
        <p className="site-footer__filing">
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" title={text.filing}>
            {info.filingNumber}
          </a>
        </p>
      )}
      <ul className="site-footer__badges" aria-label={text.poweredBy}>
        {BADGES.map((badge) => (
          <li key={badge} className="badge" data-tech={badge.toLowerCase()}>
            {badge}
          </li>
        ))}
        <li className="badge badge--split" data-tech="version">
          <span className="badge__label">{text.versionLabel}</span>
          <span className="badge__value">{text.version(VERSION)}</span>
        </li>
      </ul>
    </footer>
  );
}
