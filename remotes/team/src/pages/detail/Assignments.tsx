// The team's guide assignments: add a guide found by search (GET /teams/:id/guide-check lists
// eligible guides first and greys the excluded ones with the rules they break), replace one,
// remove one after confirmation. Only for holders of team:allocate, in the states the contract
// allows (TEAM_ASSIGNABLE_STATUSES: add and remove; TEAM_REPLACEABLE_STATUSES: replace).
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  DatePicker,
  Empty,
  Input,
  List,
  Message,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  ASSIGNMENT_ROLES,
  TEAM_ASSIGNABLE_STATUSES,
  TEAM_LIMITS,
  TEAM_REPLACEABLE_STATUSES,
  resolveLocale,
  type AssignmentRole,
  type Team,
  type TeamAssignment,
} from '@console/shared';
import {
  useAssignGuideMutation,
  useRemoveAssignmentMutation,
  useReplaceGuideMutation,
} from '@console/shared/api';
import { useTeamGuideCheckQuery, type GuideCheckRow } from '../../api';
import { useTeamDictionaries, useTeamLabel } from '../../hooks';
import { operationDateTime } from '@console/shared/i18n';

const ASSIGNMENT_COLOR = { active: 'green', replaced: 'orange', cancelled: 'gray' } as const;

const PAGE_SIZE = 8;

function GuidePicker(props: {
  team: Team;
  mode: { kind: 'add' } | { kind: 'replace'; assignment: TeamAssignment };
  onClose(): void;
  onDone(): void;
}) {
  const { team, mode } = props;
  const intl = useIntl();
  const label = useTeamLabel();
  const dict = useTeamDictionaries();
  const locale = resolveLocale(intl.locale);
  const replacing = mode.kind === 'replace' ? mode.assignment : null;
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [role, setRole] = useState<AssignmentRole>(replacing?.role ?? 'local_guide');
  const [period, setPeriod] = useState<[string, string]>(
    replacing ? [replacing.from, replacing.to] : [team.startDate, team.endDate],
  );
  const [reason, setReason] = useState('');
  const [assign, assigning] = useAssignGuideMutation();
  const [replace, replacingNow] = useReplaceGuideMutation();
  // The guide being booked (the mutation in flight): their button spins.
  const pending = assigning.isLoading
    ? assigning.originalArgs?.body.guideId
    : replacingNow.isLoading
      ? replacingNow.originalArgs?.body.guideId
      : undefined;

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(input.trim());
      setCurrent(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [input]);

  const check = useTeamGuideCheckQuery({
    id: team.id,
    keyword: keyword || undefined,
    from: period[0],
    to: period[1],
    current,
    pageSize: PAGE_SIZE,
  });
  // Eligible guides first (the server may already order them so; a stable sort keeps its order).
  const rows = useMemo(
    () => [...(check.data?.list ?? [])].sort((a, b) => Number(b.eligible) - Number(a.eligible)),
    [check.data],
  );

  const pick = async (guide: GuideCheckRow) => {
    try {
      await (
        replacing
          ? replace({
              teamId: team.id,
              assignmentId: replacing.id,
              previousGuideId: replacing.guideId,
              body: { guideId: guide.guideId, reason, version: replacing.version },
            })
          : assign({
              teamId: team.id,
              body: { guideId: guide.guideId, role, from: period[0], to: period[1] },
            })
      ).unwrap();
      Message.success(
        intl.formatMessage({ id: 'team.assign.done' }, { name: guide.name, code: team.code }),
      );
      props.onDone();
    } catch {
      /* the client showed the rule the server refused with */
    }
  };

  const languageText = (l: GuideCheckRow['languages'][number]) =>
    typeof l === 'string' ? l : l.language;

  return (
    <Modal
      visible
      style={{ width: 760 }}
      title={
        replacing
          ? intl.formatMessage({ id: 'team.assign.replaceTitle' }, { name: replacing.guideName })
          : intl.formatMessage({ id: 'team.assign.addTitle' })
      }
      footer={null}
      onCancel={props.onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="guide-picker">
        <Space wrap>
          {!replacing && (
            <Select
              value={role}
              onChange={setRole}
              style={{ width: 140 }}
              options={ASSIGNMENT_ROLES.map((r) => ({ value: r, label: label('role', r) }))}
              data-testid="assign-role"
            />
          )}
          {!replacing && (
            <DatePicker.RangePicker
              value={period}
              allowClear={false}
              disabledDate={(d) => {
                const day = d.format('YYYY-MM-DD');
                return day < team.startDate || day > team.endDate;
              }}
              onChange={(v) => v && setPeriod([v[0], v[1]])}
              style={{ width: 260 }}
            />
          )}
          <Input.Search
            allowClear
            value={input}
            onChange={setInput}
            maxLength={TEAM_LIMITS.keywordMax}
            placeholder={intl.formatMessage({ id: 'team.assign.search' })}
            style={{ width: 240 }}
            data-testid="guide-search"
          />
        </Space>
        {replacing && (
          <Input
            value={reason}
            onChange={setReason}
            maxLength={TEAM_LIMITS.reasonMax}
            placeholder={intl.formatMessage({ id: 'team.assign.replaceReason' })}
          />
        )}
        <List
          size="small"
          loading={check.isFetching}
          dataSource={rows}
          noDataElement={<Empty description={intl.formatMessage({ id: 'team.assign.none' })} />}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: check.data?.total ?? 0,
            onChange: setCurrent,
            size: 'small',
          }}
          render={(g: GuideCheckRow) => (
            <List.Item
              key={g.guideId}
              data-testid={`candidate-${g.code}`}
              data-eligible={g.eligible}
              style={g.eligible ? undefined : { opacity: 0.6 }}
              extra={
                <Button
                  type="primary"
                  size="small"
                  disabled={!g.eligible}
                  loading={pending === g.guideId}
                  onClick={() => void pick(g)}
                  data-testid={`pick-${g.code}`}
                >
                  {intl.formatMessage({
                    id: replacing ? 'team.assign.pickReplace' : 'team.assign.pick',
                  })}
                </Button>
              }
            >
              <Space size={6} wrap>
                <Typography.Text bold>{g.name}</Typography.Text>
                <Typography.Text type="secondary">{g.code}</Typography.Text>
                <Tag size="small">{intl.formatMessage({ id: `guide.level.${g.level}` })}</Tag>
                {g.languages.map((l) => (
                  <Tag size="small" key={languageText(l)}>
                    {dict.languageLabel(languageText(l))}
                  </Tag>
                ))}
                {g.eligible && (
                  <Tag size="small" color="green">
                    {intl.formatMessage({ id: 'team.assign.eligible' })}
                  </Tag>
                )}
              </Space>
              {g.breaches.length > 0 && (
                <ul style={{ margin: '4px 0 0', paddingLeft: 18 }} data-testid="breaches">
                  {g.breaches.map((b, i) => (
                    <li key={`${b.rule}-${i}`} style={{ color: 'var(--color-text-2)' }}>
                      {b.message[locale]}
                    </li>
                  ))}
                </ul>
              )}
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}

export function Assignments(props: {
  team: Team;
  canAllocate: boolean;
  /** Counts the page's requests to open the picker (its header's "add a guide"); 0: none. */
  addRequest?: number;
}) {
  const { team, canAllocate, addRequest = 0 } = props;
  const intl = useIntl();
  const label = useTeamLabel();
  const [removeAssignment] = useRemoveAssignmentMutation();
  const [picker, setPicker] = useState<
    null | { kind: 'add' } | { kind: 'replace'; assignment: TeamAssignment }
  >(null);
  // The server's own rule (contracts/team.ts): what it would refuse is not offered.
  const assignable = canAllocate && TEAM_ASSIGNABLE_STATUSES.includes(team.status);
  const replaceable = canAllocate && TEAM_REPLACEABLE_STATUSES.includes(team.status);
  useEffect(() => {
    if (addRequest > 0 && assignable) setPicker({ kind: 'add' });
  }, [addRequest, assignable]);

  const remove = (a: TeamAssignment) =>
    Modal.confirm({
      title: intl.formatMessage({ id: 'team.assign.removeTitle' }),
      content: intl.formatMessage(
        { id: 'team.assign.removeText' },
        { name: a.guideName, role: label('role', a.role) },
      ),
      okButtonProps: { status: 'danger' },
      okText: intl.formatMessage({ id: 'team.action.remove' }),
      cancelText: intl.formatMessage({ id: 'team.action.cancel' }),
      onOk: async () => {
        try {
          await removeAssignment({
            teamId: team.id,
            assignmentId: a.id,
            version: a.version,
          }).unwrap();
          Message.success(intl.formatMessage({ id: 'team.assign.removed' }));
        } catch {
          /* shown by the client */
        }
      },
    });

  const t = (id: string) => intl.formatMessage({ id: `team.assign.${id}` });
  return (
    <div data-testid="assignments">
      {assignable && (
        <Button
          type="primary"
          style={{ marginBottom: 12 }}
          onClick={() => setPicker({ kind: 'add' })}
          data-testid="assign-add"
        >
          {t('add')}
        </Button>
      )}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        data={team.assignments}
        noDataElement={<Empty description={t('empty')} />}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('guide'),
            dataIndex: 'guideName',
            render: (name: string, a: TeamAssignment) => (
              <Link to={`/guide/profile/${a.guideId}`}>{`${name}（${a.guideCode}）`}</Link>
            ),
          },
          {
            title: t('role'),
            dataIndex: 'role',
            width: 130,
            render: (r: string) => label('role', r),
          },
          {
            title: t('period'),
            dataIndex: 'from',
            width: 200,
            render: (_: string, a: TeamAssignment) => `${a.from} ~ ${a.to}`,
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (s: TeamAssignment['status']) => (
              <Tag size="small" color={ASSIGNMENT_COLOR[s]}>
                {label('assignmentStatus', s)}
              </Tag>
            ),
          },
          {
            title: t('by'),
            dataIndex: 'assignedBy',
            width: 200,
            render: (_: unknown, a: TeamAssignment) => (
              <div>
                <div>
                  {`${a.assignedBy ?? intl.formatMessage({ id: 'team.common.system' })} · ${operationDateTime(a.assignedAt)}`}
                </div>
                {a.endedAt && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {intl.formatMessage(
                      { id: 'team.assign.ended' },
                      {
                        user: a.endedBy ?? intl.formatMessage({ id: 'team.common.system' }),
                        at: operationDateTime(a.endedAt),
                        reason: a.endReason || '—',
                      },
                    )}
                  </Typography.Text>
                )}
              </div>
            ),
          },
          ...(replaceable
            ? [
                {
                  title: intl.formatMessage({ id: 'team.field.operations' }),
                  dataIndex: 'op',
                  width: intl.locale === 'en-US' ? 170 : 130,
                  render: (_: unknown, a: TeamAssignment) =>
                    a.status === 'active' && (
                      <Space size={0}>
                        <Button
                          type="text"
                          size="mini"
                          onClick={() => setPicker({ kind: 'replace', assignment: a })}
                          data-testid={`replace-${a.guideCode}`}
                        >
                          {t('replace')}
                        </Button>
                        {assignable && (
                          <Button
                            type="text"
                            size="mini"
                            status="danger"
                            onClick={() => remove(a)}
                            data-testid={`remove-${a.guideCode}`}
                          >
                            {intl.formatMessage({ id: 'team.action.remove' })}
                          </Button>
                        )}
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {picker && (
        <GuidePicker
          team={team}
          mode={picker}
          onClose={() => setPicker(null)}
          onDone={() => setPicker(null)}
        />
      )}
    </div>
  );
}
