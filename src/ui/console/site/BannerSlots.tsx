import { useActorRef } from '@xstate/react';
import { useSelector } from '../../hooks/useSelector';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { pageBannersMachine } from '../../../domain/console/site/pageBanners.machine';
import * as zhCN from '../../../i18n/zh-CN';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { ImageField } from './ImageField';
import { ListStatus } from '../ListStatus';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const words = zhCN.consoleSite.settings;
const pageName = (route: string) => words.pages[route] ?? route;

/** 页面横幅: one picture per page, saved as soon as it is uploaded or removed. */
export function BannerSlots() {
  const api = useService(CONSOLE_TOKENS.siteConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const actor = useActorRef(
    pageBannersMachine.provide({
      actors: {
        loadBanners: fromPromise(() => api.pageBanners()),
        saveBanner: fromPromise(({ input }) => api.setPageBanner(input)),
      },
    }),
  );
  const banners = useSelector(actor, (snapshot) => snapshot.context.banners);
  const saving = useSelector(actor, (snapshot) => snapshot.context.saving);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actor, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null));
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));

  useEffect(() => {
    const saved = actor.on('banner.saved', ({ banner }) =>
      notifier.notify({
        level: 'success',
        message: banner.image ? words.bannerSaved(pageName(banner.route)) : words.bannerRemoved(pageName(banner.route)),
        durationMs: LIST_ACTION_NOTICE_MS,
      }),
    );
    const failed = actor.on('banner.failed', ({ message, reported }) => {
      if (!reported) notifier.notify({ level: 'error', message });
    });
    return () => {
      saved.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, notifier]);

  return (
    <section className="console-card site-banners" aria-labelledby="site-banners-title">
      <header className="site-banners__head">
        <h2 id="site-banners-title">{words.banners}</h2>
        <p>{words.bannersHint}</p>
      </header>
      <ListStatus loading={loading} error={error} onRetry={() => actor.send({ type: 'banners.reload' })} />
      <ul className="site-banners__grid">
        {banners.map((banner) => (
          <li key={banner.route} className="site-banners__slot" aria-busy={saving === banner.route}>
            <ImageField
              label={pageName(banner.route)}
              value={banner.image}
              shape="wide"
              disabled={busy}
              onChange={(image) => actor.send({ type: 'banner.set', route: banner.route, image })}
            />
            <code className="site-banners__route">{banner.route}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
