import { useState } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { LoadFailed } from '../../features/content/LoadFailed';
import { useLoad } from '../../features/content/useLoad';
import { TalkComposer } from './TalkComposer';
import { TalkRow } from './TalkRow';
import './showcase.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleShowcase.talks;
/** Talks listed at first, and added by each 加载更多. */
const TALKS_PER_PAGE = 20;

/** 说说: write a new one, and every talk (hidden ones too) to edit, pin, hide or delete. */
export default function TalksPage() {
  const api = useService(CONSOLE_TOKENS.showcaseConsoleApi);
  const [shown, setShown] = useState(TALKS_PER_PAGE);
  // After a change the same number of talks is read again: pinning or hiding may move any of them.
  const load = useLoad(`console-talks:${shown}`, () => api.talks(1, shown));
  const page = load.data;

  let list;
  if (!page) list = load.error ? <LoadFailed error={load.error} onRetry={load.reload} /> : <Loading />;
  else if (page.list.length === 0) list = <p className="console-empty">{text.empty}</p>;
  else
    list = (
      <>
        <ul className="talk-list">
          {page.list.map((talk) => (
            <TalkRow key={talk.id} talk={talk} onChanged={load.reload} />
          ))}
        </ul>
        {page.list.length < page.total && (
          <button
            type="button"
            className="button showcase-more"
            disabled={load.loading}
            onClick={() => setShown((n) => n + TALKS_PER_PAGE)}
          >
            {load.loading ? zhCN.shell.loading : text.loadMore}
          </button>
        )}
      </>
    );

  return (
    <div className="console-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{text.title}</h1>
      </header>
      <section className="console-card" aria-labelledby="talk-compose-title">
        <h2 className="showcase-card-title" id="talk-compose-title">
          {text.compose}
        </h2>
        <TalkComposer onSaved={load.reload} />
      </section>
      <section className="console-card" aria-labelledby="talk-list-title">
        <div className="showcase-list-head">
          <h2 className="showcase-card-title" id="talk-list-title">
            {text.list}
          </h2>
          {page && <span className="showcase-muted">{text.total(page.total)}</span>}
        </div>
        {list}
      </section>
    </div>
  );
}
