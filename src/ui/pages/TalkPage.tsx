import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { LikeState } from '../../domain/comments/comments';
import type { Page, Talk } from '../../domain/content/content';
import { parseId, parsePage } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LoadFailed } from '../features/content/LoadFailed';
import { Pager } from '../features/content/Pager';
import { TalkItem } from '../features/content/TalkItem';
import { useLoad } from '../features/content/useLoad';
import { useSiteInfo } from '../hooks/useSiteInfo';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';

const TALK_PAGE_SIZE = 10;

/** One talk (null: there is no such talk) or a page of them. */
type TalkView = { kind: 'one'; talk: Talk | null } | { kind: 'page'; page: Page<Talk> };

/** The reader's likes of the talks shown, asked once they are on screen (the server-rendered page has none). */
function useTalkLikes(shown: TalkView | undefined): Map<number, LikeState> {
  const api = useService(TOKENS.commentsApi);
  const [likes, setLikes] = useState(new Map<number, LikeState>());
  const ids = !shown ? [] : shown.kind === 'page' ? shown.page.list.map((talk) => talk.id) : shown.talk ? [shown.talk.id] : [];
  const key = ids.join(',');
  useEffect(() => {
    if (key === '') return;
    let current = true;
    api.talkLikes(key.split(',').map(Number)).then(
      (answer) => current && setLikes(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, key]);
  return likes;
}

/** Short posts, pinned and newest first; `?id=` shows just one (where a notification leads). */
export default function TalkPage() {
  const api = useService(TOKENS.contentApi);
  const site = useSiteInfo();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const page = parsePage(params.get('page'));
  const { data, error, loading, reload } = useLoad<TalkView>(`talk:${id}:${page}`, async () =>
    id !== null
      ? { kind: 'one', talk: await api.talk(id) }
      : { kind: 'page', page: await api.talks(page, TALK_PAGE_SIZE) },
  );
  const text = zhCN.talks;
  const shown = loading ? undefined : data;
  const likes = useTalkLikes(shown);

  let body;
  if (!shown) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (shown.kind === 'one' && shown.talk === null)
    body = (
      <EmptyState text={zhCN.content.missing.talk} hint={zhCN.article.notFoundHint}>
        <Link to="/talk" className="button">
          <ArrowLeft aria-hidden="true" />
          {text.all}
        </Link>
      </EmptyState>
    );
  else if (shown.kind === 'one')
    body = shown.talk && (
      <>
        <TalkItem talk={shown.talk} site={site} single like={likes.get(shown.talk.id)} />
        <p className="talk__all">
          <Link to="/talk" className="button">
            <ArrowLeft aria-hidden="true" />
            {text.all}
          </Link>
        </p>
      </>
    );
  else if (shown.page.list.length === 0) body = <EmptyState text={text.empty} />;
  else
    body = (
      <div className="talk-list">
        {shown.page.list.map((talk) => (
          <TalkItem key={talk.id} talk={talk} site={site} like={likes.get(talk.id)} />
        ))}
        <Pager current={shown.page.current} total={shown.page.total} size={shown.page.size} />
      </div>
    );

  return (
    <div className="page">
      <PageBanner title={zhCN.nav.talk} />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
