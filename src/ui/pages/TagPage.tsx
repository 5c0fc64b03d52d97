import { Tags } from 'lucide-react';
import { Link } from 'react-router-dom';
import { tagCloudLevel } from '../../domain/content/facts';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import { zhCN } from '../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';

export default function TagPage() {
  const api = useService(TOKENS.contentApi);
  const { data, error, reload } = useLoad('tags', () => api.tags());
  const text = zhCN.content;

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.length === 0) body = <EmptyState text={text.noTags} />;
  else {
    const counts = data.map((tag) => tag.articleCount);
    const min = Math.min(...counts);
    const max = Math.max(...counts);
    body = (
      <>
        <h2 className="section-title">
          <Tags aria-hidden="true" />
          {text.tagTotal(data.length)}
        </h2>
        <ul className="tag-wall">
          {data.map((tag) => (
            <li key={tag.id}>
              <Link
                to={`/articleList?tagId=${tag.id}`}
                className="tag-cloud__tag"
                data-level={tagCloudLevel(tag.articleCount, min, max)}
              >
                {tag.name}
                <span className="tag-chip__count" aria-label={text.articleCount(tag.articleCount)}>
                  {tag.articleCount}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="page">
      <PageBanner title={zhCN.nav.tag} />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
