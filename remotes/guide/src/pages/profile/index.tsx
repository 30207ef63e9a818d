// Guide profile (/guide/profile/:id): identity, licence with its expiry warning, languages,
// certifications, the leave calendar, teams and feedback, and the guide's history.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Avatar,
  Button,
  Card,
  Grid,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { isNotFoundError, parseRecordId } from '@console/shared/api';
import { useGuideQuery } from '../../api';
import { useEnumLabel, useGuideDictionaries } from '../../hooks';
import { useHasPermission } from '@console/shared/permission';
import { GuideDrawer } from '../list/GuideDrawer';
import { StatusModal } from '../list/StatusModal';
import { STATUS_COLOR } from '../list/columns';
import { AuditHistory } from './AuditHistory';
import { LeaveCalendar } from './LeaveCalendar';
import { CertificationsCard, IdentityCard, LicenceCard, SkillsCard } from './ProfileCards';
import { FeedbackCard, TeamsCard } from './TeamRecords';

export default function GuideProfilePage() {
  const { id } = useParams();
  // A malformed id is never sent (no `/guides/NaN`): it is not found.
  const guideId = parseRecordId(id);
  const intl = useIntl();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const dict = useGuideDictionaries();
  const canWrite = useHasPermission('guide:write');
  const query = useGuideQuery(guideId ?? skipToken);
  const guide = query.data ?? null;
  const error =
    guideId === null || isNotFoundError(query.error) ? 'notFound' : query.isError ? 'failed' : null;
  const [editing, setEditing] = useState(false);
  const [changingStatus, setChangingStatus] = useState(false);
  const load = () => void query.refetch();

  // The write's mutation showed what the server saved at once; the history and lists refetch.
  const saved = () => {
    setEditing(false);
    setChangingStatus(false);
  };

  if (error) {
    return (
      <Card>
        <Result
          status={error === 'failed' ? 'error' : '404'}
          data-testid="guide-profile-not-found"
          subTitle={intl.formatMessage({
            id: error === 'failed' ? 'guide.message.loadFailed' : 'guide.profile.notFound',
          })}
          extra={
            <Space>
              {error === 'failed' && (
                <Button type="primary" onClick={load}>
                  {intl.formatMessage({ id: 'guide.action.retry' })}
                </Button>
              )}
              <Button onClick={() => navigate('/guide/list')}>
                {intl.formatMessage({ id: 'guide.action.back' })}
              </Button>
            </Space>
          }
        />
      </Card>
    );
  }
  if (!guide) {
    return (
      <Card>
        <Skeleton animation text={{ rows: 8 }} image />
      </Card>
    );
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="guide-profile">
      <Card>
        <Space size={16} align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space size={16} align="center">
            <Avatar size={56}>
              {guide.avatar ? <img alt="" src={guide.avatar} /> : guide.name.slice(0, 1)}
            </Avatar>
            <div>
              <Typography.Title heading={5} style={{ margin: 0 }}>
                {guide.name} <Typography.Text type="secondary">{guide.code}</Typography.Text>
              </Typography.Title>
              <Space style={{ marginTop: 6 }}>
                <Tag color={STATUS_COLOR[guide.status]}>{label('status', guide.status)}</Tag>
                <Tag>{label('level', guide.level)}</Tag>
                <Tag>{label('employment', guide.employmentType)}</Tag>
              </Space>
            </div>
          </Space>
          {canWrite && (
            <Space>
              <Button onClick={() => setChangingStatus(true)}>
                {intl.formatMessage({ id: 'guide.action.changeStatus' })}
              </Button>
              <Button type="primary" onClick={() => setEditing(true)} data-testid="profile-edit">
                {intl.formatMessage({ id: 'guide.action.edit' })}
              </Button>
            </Space>
          )}
        </Space>
      </Card>
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={14}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <IdentityCard guide={guide} />
            <LicenceCard guide={guide} />
            <SkillsCard guide={guide} dict={dict} />
            <CertificationsCard guide={guide} />
          </Space>
        </Grid.Col>
        <Grid.Col xs={24} lg={10}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <TeamsCard guide={guide} />
            <FeedbackCard guide={guide} />
          </Space>
        </Grid.Col>
      </Grid.Row>
      <LeaveCalendar guideId={guide.id} canWrite={canWrite} />
      <AuditHistory guideId={guide.id} />
      <GuideDrawer
        guide={guide}
        visible={editing}
        onClose={() => setEditing(false)}
        onSaved={saved}
      />
      <StatusModal
        guide={changingStatus ? guide : null}
        onClose={() => setChangingStatus(false)}
        onChanged={saved}
      />
    </Space>
  );
}
