import { PageLayout } from '../components/PageLayout';
import { zhCN } from '../i18n/zh-CN';

export default function ChatPage() {
  return <PageLayout title={zhCN.nav.chat} />;
}
