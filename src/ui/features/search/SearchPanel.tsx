import { useSelector } from '../../hooks/useSelector';
import { Flame, History, LoaderCircle, Search, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { circledNumber, highlightSegments, markdownToPlain } from '../../../domain/search/highlight';
import { SEARCH_KEYWORD_MAX_LENGTH } from '../../../domain/search/search.machine';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useLoadedActor } from '../../hooks/useActorLoader';
import * as zhCN from '../../../i18n/zh-CN';
import './search.css';

const text = zhCN.search;

function Highlighted({ text: value, keyword }: { text: string; keyword: string }): ReactNode {
  return highlightSegments(value, keyword).map((segment, index) =>
    segment.hit ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
  );
}

/** The dialog's body: the box, then history and hot list, or the results. Loaded when the dialog first opens. */
export default function SearchPanel({ onDone }: { onDone: () => void }) {
  const search = useLoadedActor(useService(TOKENS.search));
  const keyword = useSelector(search, (snapshot) => snapshot.context.keyword);
  const results = useSelector(search, (snapshot) => snapshot.context.results);
  const resultsFor = useSelector(search, (snapshot) => snapshot.context.resultsFor);
  const history = useSelector(search, (snapshot) => snapshot.context.history);
  const hot = useSelector(search, (snapshot) => snapshot.context.hot);
  const error = useSelector(search, (snapshot) => snapshot.context.error);
  const busy = useSelector(search, (snapshot) => snapshot.hasTag('busy'));
  const [value, setValue] = useState(keyword);
  // While an input method is composing, the box holds pinyin, not the reader's words.
  const composing = useRef(false);

  const change = (next: string) => {
    setValue(next);
    if (!composing.current) search.send({ type: 'keyword.change', keyword: next });
  };
  const pick = (term: string) => {
    setValue(term);
    search.send({ type: 'keyword.submit', keyword: term });
  };

  let body: ReactNode;
  if (keyword === '') {
    body = (
      <>
        <section className="search-section" aria-labelledby="search-history">
          <div className="search-section__head">
            <h3 id="search-history">
              <History aria-hidden="true" />
              {text.history}
            </h3>
            {history.length > 0 && (
              <button type="button" className="search-section__action" onClick={() => search.send({ type: 'history.clear' })}>
                <Trash2 aria-hidden="true" />
                {text.clearHistory}
              </button>
            )}
          </div>
          {history.length === 0 ? (
            <p className="search-section__empty">{text.noHistory}</p>
          ) : (
            <ul className="search-history">
              {history.map((term) => (
                <li key={term}>
                  <button type="button" className="search-history__term" onClick={() => pick(term)}>
                    {term}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="search-section" aria-labelledby="search-hot">
          <div className="search-section__head">
            <h3 id="search-hot">
              <Flame aria-hidden="true" />
              {text.hot}
            </h3>
          </div>
          {hot.length === 0 ? (
            <p className="search-section__empty">{zhCN.shell.loading}</p>
          ) : (
            <ol className="search-hot">
              {hot.map((article, index) => (
                <li key={article.id}>
                  <Link to={`/article?id=${article.id}`} onClick={onDone} className="search-hot__item">
                    <span className="search-hot__rank" data-rank={index + 1}>
                      {circledNumber(index + 1)}
                    </span>
                    <span className="search-hot__title">{article.article_title}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
      </>
    );
  } else if (error) {
    body = <p className="search-status search-status--error">{text.failed(error)}</p>;
  } else if (resultsFor !== keyword) {
    body = <p className="search-status">{text.searching}</p>;
  } else if (results.length === 0) {
    body = <p className="search-status">{text.noResults(keyword)}</p>;
  } else {
    body = (
      <>
        <p className="search-status">{text.resultCount(results.length)}</p>
        <ul className="search-results">
          {results.map((hit) => (
            <li key={hit.id}>
              <Link to={`/article?id=${hit.id}`} onClick={onDone} className="search-result">
                <span className="search-result__title">
                  <Highlighted text={hit.article_title} keyword={keyword} />
                </span>
                <span className="search-result__content">
                  {hit.match ? (
                    <>
                      {markdownToPlain(hit.before)}
                      <mark>{hit.match}</mark>
                      {markdownToPlain(hit.after)}
                    </>
                  ) : (
                    markdownToPlain(hit.after || hit.article_content)
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      <div className="search-box">
        {busy ? (
          <LoaderCircle className="search-box__icon search-box__icon--busy" aria-hidden="true" />
        ) : (
          <Search className="search-box__icon" aria-hidden="true" />
        )}
        <input
          className="search-box__input"
          type="search"
          value={value}
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          placeholder={text.placeholder}
          aria-label={text.title}
          autoComplete="off"
          autoFocus
          enterKeyHint="search"
          onChange={(event) => change(event.target.value)}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={(event) => {
            composing.current = false;
            change(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !composing.current) search.send({ type: 'keyword.submit', keyword: value });
          }}
        />
      </div>
      <div className="search-dialog__body" aria-live="polite" aria-busy={busy}>
        {body}
      </div>
    </>
  );
}
