// Team detail (/team/detail/:id): status steps (cancelled shown apart with its reason), the
// information (edited with optimistic locking), the itinerary (edited while the team is still
// editable), guide assignments, feedback, the status history and the team's operation log,
// with the lifecycle moves the user may make.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  Divider,
  Message,
  Result,
  Skeleton,
  Space,
  Steps,
  Tabs,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { TEAM_EDITABLE_STATUSES, TEAM_STEPS, type Team, type TeamStatus } from '@console/shared';
import { isNotFoundError, parseRecordId } from '@console/shared/api';
import { useHasPermission } from '@console/shared/permission';
import { useAppDispatch } from '@console/shared/store';
import { teamQueries, useTeamQuery } from '../../api';
import { STATUS_COLOR, useTeamLabel } from '../../hooks';
import {
  ItineraryEditor,
  ItineraryView,
  rowsOf,
  useCheckRows,
  useSaveItinerary,
  type ItineraryRow,
} from '../components/Itinerary';
import { TeamInfo } from '../components/TeamInfo';
import { TransitionModal, type TransitionRequest } from '../components/TransitionModal';
import { UrgentTag } from '../list/TeamList';
import { Assignments } from './Assignments';
import { EditDrawer } from './EditDrawer';
import { Feedback } from './Feedback';
import { Moves } from './Moves';
import { TeamTools } from './TeamTools';
import { OperationLog, StatusHistory } from './History';
import { operationDate, operationDateTime } from '@console/shared/i18n';

/** The steps draft → completed; a cancelled team shows where it stopped, in error. */
function StatusSteps({ team }: { team: Team }) {
  const label = useTeamLabel();
  const intl = useIntl();
  const cancelled = team.status === 'cancelled';
  // Where a cancelled team stood: the state it was cancelled from.
  const stoppedAt: TeamStatus = cancelled
    ? ([...team.history].reverse().find((h) => h.to === 'cancelled')?.from ?? 'draft')
    : team.status;
  const index = Math.max(0, TEAM_STEPS.indexOf(stoppedAt));
  const at = (s: TeamStatus) =>
    [...team.history].reverse().find((h) => h.to === s)?.at ??
    (s === 'draft' ? team.createdAt : '');
  return (
    <>
      <Steps
        current={index + 1}
        status={cancelled ? 'error' : team.status === 'completed' ? 'finish' : 'process'}
        data-testid="status-steps"
      >
        {TEAM_STEPS.map((s) => (
          <Steps.Step
            key={s}
            title={label('status', s)}
            description={at(s) ? operationDate(at(s)) : undefined}
          />
        ))}
      </Steps>
      {cancelled && (
        <Alert
          type="error"
          style={{ marginTop: 16 }}
          data-testid="cancelled-reason"
          title={label('status', 'cancelled')}
          content={intl.formatMessage(
            { id: 'team.detail.cancelledReason' },
            { reason: team.statusReason || '—' },
          )}
        />
      )}
    </>
  );
}

function ItineraryTab(props: { team: Team; canEdit: boolean }) {
  const { team } = props;
  const intl = useIntl();
  const [rows, setRows] = useState<ItineraryRow[] | null>(null);
  const [errors, setErrors] = useState<Map<number, string>>();
  const checkRows = useCheckRows();
  const itinerary = useSaveItinerary();

  const save = async () => {
    if (!rows) return;
    const checked = checkRows(rows);
    setErrors(checked.errors);
    if (checked.errors.size > 0) {
      Message.error(intl.formatMessage({ id: 'team.itinerary.fixErrors' }));
      return;
    }
    const saved = await itinerary.save(team, checked.items);
    if (!saved) return;
    Message.success(intl.formatMessage({ id: 'team.itinerary.saved' }));
    setRows(null);
  };

  if (!rows)
    return (
      <>
        {props.canEdit && (
          <Button
            type="primary"
            style={{ marginBottom: 12 }}
            onClick={() => setRows(rowsOf(team.itinerary))}
            data-testid="itinerary-edit"
          >
            {intl.formatMessage({ id: 'team.itinerary.edit' })}
          </Button>
        )}
        <ItineraryView team={team} />
      </>
    );
  return (
    <>
      {itinerary.refusalAlert}
      <ItineraryEditor
        startDate={team.startDate}
        endDate={team.endDate}
        pax={team.pax}
        teamId={team.id}
        rows={rows}
        onChange={setRows}
        errors={errors}
      />
      <Divider />
      <Space>
        <Button
          type="primary"
          loading={itinerary.saving}
          onClick={save}
          data-testid="itinerary-save"
        >
          {intl.formatMessage({ id: 'team.action.save' })}
        </Button>
        <Button onClick={() => setRows(null)}>
          {intl.formatMessage({ id: 'team.action.cancel' })}
        </Button>
      </Space>
    </>
  );
}

export default function TeamDetailPage() {
  const { id } = useParams();
  // A malformed id is never sent: it is not found.
  const teamId = parseRecordId(id);
  const intl = useIntl();
  const navigate = useNavigate();
  const label = useTeamLabel();
  const canWrite = useHasPermission('team:write');
  const canAllocate = useHasPermission('team:allocate');
  const dispatch = useAppDispatch();
  const query = useTeamQuery(teamId ?? skipToken);
  const team = query.data ?? null;
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState<TransitionRequest | null>(null);
  const [tab, setTab] = useState('info');
  // The header's "add a guide" (a pending team's next step) opens the assignments tab's picker.
  const [addRequest, setAddRequest] = useState(0);
  const error =
    teamId === null || isNotFoundError(query.error) ? 'notFound' : query.isError ? 'failed' : null;

  if (error) {
    return (
      <Card>
        <Result
          status={error === 'failed' ? 'error' : '404'}
          data-testid="team-not-found"
          subTitle={intl.formatMessage({
            id: error === 'failed' ? 'team.message.loadFailed' : 'team.detail.notFound',
          })}
          extra={
            <Space>
              {error === 'failed' && (
                <Button type="primary" onClick={() => void query.refetch()}>
                  {intl.formatMessage({ id: 'team.action.retry' })}
                </Button>
              )}
              <Button onClick={() => navigate('/team/waiting')}>
                {intl.formatMessage({ id: 'team.action.back' })}
              </Button>
            </Space>
          }
        />
      </Card>
    );
  }
  if (!team) {
    return (
      <Card>
        <Skeleton animation text={{ rows: 8 }} />
      </Card>
    );
  }

  const editable = TEAM_EDITABLE_STATUSES.includes(team.status);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="team-detail">
      <Card>
        <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <div>
            <Typography.Title heading={5} style={{ margin: 0 }}>
              {team.name} <Typography.Text type="secondary">{team.code}</Typography.Text>
            </Typography.Title>
            <Space style={{ marginTop: 6 }} wrap>
              <Tag color={STATUS_COLOR[team.status]} data-testid="detail-status">
                {label('status', team.status)}
              </Tag>
              {team.vip && <Tag color="gold">{intl.formatMessage({ id: 'team.field.vip' })}</Tag>}
              <Tag>{`${team.startDate} ~ ${team.endDate}`}</Tag>
              <UrgentTag status={team.status} startDate={team.startDate} />
            </Space>
          </div>
          <Space direction="vertical" align="end" size={8}>
            <Moves
              team={team}
              canWrite={canWrite}
              onMove={(to) => setMoving({ team, to })}
              onAssign={
                canAllocate
                  ? () => {
                      setTab('assignments');
                      setAddRequest((n) => n + 1);
                    }
                  : undefined
              }
            />
            <TeamTools team={team} canWrite={canWrite} />
          </Space>
        </Space>
        <Divider />
        <StatusSteps team={team} />
      </Card>
      <Card>
        <Tabs
          activeTab={tab}
          onChange={(key) => {
            setTab(key);
            setAddRequest(0);
          }}
          destroyOnHide
        >
          <Tabs.TabPane key="info" title={intl.formatMessage({ id: 'team.tab.info' })}>
            {canWrite && editable && (
              <Button
                type="primary"
                style={{ marginBottom: 12 }}
                onClick={() => setEditing(true)}
                data-testid="team-edit"
              >
                {intl.formatMessage({ id: 'team.action.edit' })}
              </Button>
            )}
            <TeamInfo team={team} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {intl.formatMessage(
                { id: 'team.detail.updated' },
                {
                  user:
                    team.updatedBy ??
                    team.createdBy ??
                    intl.formatMessage({ id: 'team.common.system' }),
                  at: operationDateTime(team.updatedAt),
                },
              )}
            </Typography.Text>
          </Tabs.TabPane>
          <Tabs.TabPane key="itinerary" title={intl.formatMessage({ id: 'team.tab.itinerary' })}>
            <ItineraryTab team={team} canEdit={canWrite && editable} />
          </Tabs.TabPane>
          <Tabs.TabPane
            key="assignments"
            title={intl.formatMessage({ id: 'team.tab.assignments' })}
          >
            <Assignments team={team} canAllocate={canAllocate} addRequest={addRequest} />
          </Tabs.TabPane>
          <Tabs.TabPane key="feedback" title={intl.formatMessage({ id: 'team.tab.feedback' })}>
            <Feedback team={team} canWrite={canWrite} />
          </Tabs.TabPane>
          <Tabs.TabPane key="history" title={intl.formatMessage({ id: 'team.tab.history' })}>
            <StatusHistory team={team} />
          </Tabs.TabPane>
          <Tabs.TabPane key="log" title={intl.formatMessage({ id: 'team.tab.log' })}>
            <OperationLog teamId={team.id} />
          </Tabs.TabPane>
        </Tabs>
      </Card>
      {canWrite && (
        <EditDrawer
          team={team}
          visible={editing}
          onClose={() => setEditing(false)}
          // The team read afresh after a conflict shows at once.
          onReloaded={(fresh) =>
            dispatch(teamQueries.util.upsertQueryData('team', fresh.id, fresh))
          }
          onSaved={() => setEditing(false)}
        />
      )}
      <TransitionModal
        request={moving}
        onClose={() => setMoving(null)}
        onDone={() => setMoving(null)}
      />
    </Space>
  );
}
