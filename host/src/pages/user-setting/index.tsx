// User settings (seed §2 "User Setting"): basic information, security, certification.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Alert, Card, Tabs } from '@arco-design/web-react';
import { selectUser, useAppSelector } from '@console/shared/store';
import { BasicInfoForm } from './BasicInfoForm';
import { CertificationPanel } from './CertificationPanel';
import { SecurityPanel } from './SecurityPanel';

export default function UserSettingPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  // An administrator-set password must be changed first: the guard sends the user here.
  const mustChange = useAppSelector(selectUser)?.mustChangePassword ?? false;
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === 'security' ? 'security' : 'basic');
  return (
    <Card data-testid="user-setting-page">
      {mustChange && (
        <Alert
          type="warning"
          content={t('userSetting.password.mustChange')}
          style={{ marginBottom: 16 }}
          data-testid="must-change-password"
        />
      )}
      <Tabs activeTab={mustChange ? 'security' : tab} onChange={setTab} lazyload>
        <Tabs.TabPane key="basic" title={t('userSetting.tab.basic')}>
          <BasicInfoForm />
        </Tabs.TabPane>
        <Tabs.TabPane key="security" title={t('userSetting.tab.security')}>
          <SecurityPanel />
        </Tabs.TabPane>
        <Tabs.TabPane key="certification" title={t('userSetting.tab.certification')}>
          <CertificationPanel />
        </Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
