import { PageLayout } from '../components/PageLayout';
import { zhCN } from '../i18n/zh-CN';

export default function MessageDetailPage() {
  return <PageLayout title={zhCN.nav.messageDetail} />;
}
