import { Tag } from 'lucide-react';
import { Link } from 'react-router-dom';
import * as zhCN from '../../../i18n/zh-CN';

/** An article's tags as chips, each opening the list of that tag's articles. */
export function ArticleTags({ tags }: { tags: readonly { id: number; name: string }[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label={zhCN.content.tagsLabel}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Link className="tag-chip" to={`/articleList?tagId=${tag.id}`}>
            <Tag aria-hidden="true" />
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
