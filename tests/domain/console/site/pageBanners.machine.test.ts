import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pageBannersMachine, type PageBannersEmitted } from '../../../../src/domain/console/site/pageBanners.machine';
import type { PageBanner } from '../../../../src/domain/console/site/site';

const SLOTS: PageBanner[] = [
  { route: '/home', image: '/media/home.webp' },
  { route: '/archives', image: '' },
];

function open(save: (banner: PageBanner) => Promise<PageBanner>) {
  const actor = createActor(
    pageBannersMachine.provide({ actors: { loadBanners: fromPromise(async () => SLOTS), saveBanner: fromPromise(({ input }) => save(input)) } }),
  ).start();
  const emitted: PageBannersEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  return { actor, emitted };
}

describe('pageBannersMachine', () => {
  it('sets and removes one page\'s banner, naming the page while it saves', async () => {
    const { actor, emitted } = open(async (banner) => banner);
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'banner.set', route: '/archives', image: '/media/new.webp' });
    expect(actor.getSnapshot().context.saving).toBe('/archives');
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'banner.set', route: '/home', image: '' });
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      saving: null,
      banners: [
        { route: '/home', image: '' },
        { route: '/archives', image: '/media/new.webp' },
      ],
    });
    expect(emitted.map((e) => e.type)).toEqual(['banner.saved', 'banner.saved']);
  });

  it('keeps the banner as it was and says why when the server refuses', async () => {
    const { actor, emitted } = open(async () => {
      throw new Error('横幅只能使用本站上传的图片');
    });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'banner.set', route: '/archives', image: 'https://x.example/a.png' });
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.banners).toEqual(SLOTS);
    expect(emitted).toEqual([{ type: 'banner.failed', message: '横幅只能使用本站上传的图片', reported: false }]);
  });
});
