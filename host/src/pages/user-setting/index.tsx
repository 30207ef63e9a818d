// User settings (seed §2 "User Setting"): basic information, security, certification.
import { useIntl } from 'react-intl';
import { Card, Tabs } from '@arco-design/web-react';
import { BasicInfoForm } from './BasicInfoForm';
import { CertificationPanel } from './CertificationPanel';
import { SecurityPanel } from './SecurityPanel';

export default function UserSettingPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card data-testid="user-setting-page">
      <Tabs defaultActiveTab="basic" lazyload>
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
