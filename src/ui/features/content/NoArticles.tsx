import { EmptyState } from '../../components/EmptyState';
import * as zhCN from '../../../i18n/zh-CN';
import { useAccount } from '../account/useAccount';

/** An empty blog: readers are asked to come back later, the administrator is told how to bring articles in. */
export function NoArticles() {
  const { admin } = useAccount();
  if (!admin) return <EmptyState text={zhCN.content.noArticles} />;
  const text = zhCN.firstArticle;
  return (
    <EmptyState text={zhCN.content.noArticles} hint={text.hint}>
      <code className="empty-state__command">{text.command}</code>
    </EmptyState>
  );
}
