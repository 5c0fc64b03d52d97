import { assign, emit, fromPromise, setup } from 'xstate';
import { ReportedError } from '../../account/account';
import type { PageBanner } from './site';

/** The page banners: one slot per page, each set (a picture uploaded first) or removed, one at a time. */

export interface PageBannersContext {
  banners: PageBanner[];
  /** The page whose banner is being saved. */
  saving: string | null;
  /** Why the banners could not be read. */
  error: string | null;
}

export type PageBannersEvent =
  | { type: 'banners.reload' }
  /** image '' removes the page's banner. */
  | { type: 'banner.set'; route: string; image: string };

export type PageBannersEmitted =
  | { type: 'banner.saved'; banner: PageBanner }
  | { type: 'banner.failed'; message: string; reported: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const pageBannersMachine = setup({
  types: {
    context: {} as PageBannersContext,
    events: {} as PageBannersEvent,
    emitted: {} as PageBannersEmitted,
    tags: {} as 'busy' | 'error' | 'ready',
  },
  actors: {
    loadBanners: fromPromise<PageBanner[]>(async () => {
      throw new Error('pageBanners: loadBanners actor not provided');
    }),
    saveBanner: fromPromise<PageBanner, PageBanner>(async () => {
      throw new Error('pageBanners: saveBanner actor not provided');
    }),
  },
}).createMachine({
  id: 'pageBanners',
  context: { banners: [], saving: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadBanners',
        onDone: { target: 'idle', actions: assign({ banners: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'banners.reload': 'loading' },
    },
    idle: {
      tags: ['ready'],
      on: { 'banner.set': { target: 'saving', actions: assign({ saving: ({ event }) => event.route }) } },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveBanner',
        input: ({ event }) => (event.type === 'banner.set' ? { route: event.route, image: event.image } : (undefined as never)),
        onDone: {
          target: 'idle',
          actions: [
            assign({
              banners: ({ context, event }) =>
                context.banners.map((banner) => (banner.route === event.output.route ? event.output : banner)),
              saving: null,
            }),
            emit(({ event }) => ({ type: 'banner.saved' as const, banner: event.output })),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ saving: null }),
            emit(({ event }) => ({ type: 'banner.failed' as const, message: messageOf(event.error), reported: event.error instanceof ReportedError })),
          ],
        },
      },
    },
  },
});
