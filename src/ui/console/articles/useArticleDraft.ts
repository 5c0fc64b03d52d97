import { useActorRef } from '@xstate/react';
import { useEffect, useEffectEvent, useLayoutEffect, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { EMPTY_DRAFT, localDraftKey, type LocalDraft, type SaveRequest, type VersionedDraft } from '../../../domain/console/articles/articleDraft';
import { articleDraftMachine, type ArticleDraftInput } from '../../../domain/console/articles/articleDraft.machine';
import type { ConsoleArticle } from '../../../domain/console/articles/articles';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

export type ArticleDraftActor = ActorRefFrom<typeof articleDraftMachine>;

/**
 * The autosave machine of one opened article (the caller keys the editor by article), wired to the
 * browser: saves through the console API, unsent edits in localStorage, the browser's online and offline
 * events, and `beforeunload`.
 */
export function useArticleDraft(article: ConsoleArticle | null, onCreated: (id: number) => void): ArticleDraftActor {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const store = useService(TOKENS.localStore);
  const [machine] = useState(() =>
    articleDraftMachine.provide({ actors: { saveDraft: fromPromise(({ input }: { input: SaveRequest }) => api.saveDraft(input)) } }),
  );
  const [input] = useState((): ArticleDraftInput => {
    const loaded: VersionedDraft = article
      ? { id: article.id, version: article.version, draft: article.draft, updatedAt: article.updatedAt }
      : { id: null, version: 0, draft: EMPTY_DRAFT, updatedAt: '' };
    return { article: loaded, local: store.get<LocalDraft>(localDraftKey(loaded.id)), online: navigator.onLine };
  });
  const actor = useActorRef(machine, { input });
  const created = useEffectEvent(onCreated);

  useEffect(() => {
    const subscriptions = [
      actor.on('local.keep', ({ copy }) => store.set(localDraftKey(copy.id), copy)),
      actor.on('local.clear', ({ id }) => store.remove(localDraftKey(id))),
      actor.on('article.created', ({ id }) => created(id)),
    ];
    const online = () => actor.send({ type: 'network.online' });
    const offline = () => actor.send({ type: 'network.offline' });
    // The tab is closing: only a synchronous write is sure to happen; the next open sends it.
    const leave = () => actor.send({ type: 'page.leave' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', leave);
      subscriptions.forEach((subscription) => subscription.unsubscribe());
    };
  }, [actor, store]);

  // A layout effect's cleanup runs before the actor stops: leaving the editor for another console page
  // sends what is unsent, and keeps it in the browser until the server has it.
  useLayoutEffect(
    () => () => {
      actor.send({ type: 'draft.save' });
      actor.send({ type: 'page.leave' });
    },
    [actor],
  );

  return actor;
}
