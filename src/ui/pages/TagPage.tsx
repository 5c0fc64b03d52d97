import { Tags } from 'lucide-react';
import { Link } from 'react-router-dom';
import { tagCloudLevel } from '../../domain/content/facts';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import { Loaded } from '../features/content/Loaded';
import { useLoad } from '../features/content/useLoad';
import { PageLayout } from '../components/PageLayout';
import * as zhCN from '../../i18n/zh-CN';
import '../features/content/content.css';

export default function TagPage() {
  const api = useService(TOKENS.contentApi);
  const load = useLoad('tags', () => api.tags());
  const text = zhCN.content;

  return (
    <PageLayout title={zhCN.nav.tag}>
      <Loaded state={load} emptyText={text.noTags}>
        {(data) => {
          const counts = data.map((tag) => tag.articleCount);
          const min = Math.min(...counts);
          const max = Math.max(...counts);
          return (
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
        }}
      </Loaded>
    </PageLayout>
  );
}
