import { PageLayout } from '../components/PageLayout';
import { UserCenter } from '../features/account/UserCenter';
import * as zhCN from '../../i18n/zh-CN';

export default function UserCenterPage() {
  return (
    <PageLayout title={zhCN.nav.userCenter}>
      <UserCenter />
    </PageLayout>
  );
}
