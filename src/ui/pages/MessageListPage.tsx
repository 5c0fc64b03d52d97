import { PageLayout } from '../components/PageLayout';
import { zhCN } from '../i18n/zh-CN';

export default function MessageListPage() {
  return <PageLayout title={zhCN.nav.messages} />;
}
