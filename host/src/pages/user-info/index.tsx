// User centre (seed §2 "User Info"): overview (profile, roles, last sign-in, recent activity),
// my teams, my sessions.
import { useIntl } from 'react-intl';
import { Card, Empty, Tabs } from '@arco-design/web-react';
import { ProfileOverview } from './ProfileOverview';
import { RecentActivity } from './RecentActivity';
import { SessionList } from './SessionList';

export default function UserInfoPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div data-testid="user-info-page">
      <ProfileOverview />
      <Card style={{ marginTop: 16 }}>
        <Tabs defaultActiveTab="overview">
          <Tabs.TabPane key="overview" title={t('userInfo.tab.overview')}>
            <RecentActivity />
          </Tabs.TabPane>
          <Tabs.TabPane key="teams" title={t('userInfo.tab.teams')}>
            <Empty data-testid="my-teams-empty" description={t('userInfo.teams.empty')} />
          </Tabs.TabPane>
          <Tabs.TabPane key="sessions" title={t('userInfo.tab.sessions')}>
            <SessionList />
          </Tabs.TabPane>
        </Tabs>
      </Card>
    </div>
  );
}
