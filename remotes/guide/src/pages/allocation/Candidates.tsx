// Right column: every guide against the selected team, ranked by the server — eligible ones
// with their score bar and breakdown (hover, or expand), excluded ones greyed with every rule
// they break. "Assign" books the guide through the team's manual assignment path.
import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Empty,
  Input,
  List,
  Result,
  Space,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconDown, IconRight } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import type { Candidate, WaitingTeam } from '@console/shared';
import { useEnumLabel, useGuideDictionaries } from '../../hooks';
import { useCandidatesQuery } from './api';
import { BreachTags, ScoreBar, ScoreBreakdown } from './ScoreBreakdown';
import { useAssignGuide } from './useAssignGuide';

const PAGE_SIZE = 20;

export function Candidates(props: {
  team: WaitingTeam | null;
  canAllocate: boolean;
  /** The team got its guide: it leaves the waiting list. */
  onAssigned(team: WaitingTeam): void;
}) {
  const { team, canAllocate } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const enumLabel = useEnumLabel();
  const dict = useGuideDictionaries();
  const assign = useAssignGuide();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [eligibleOnly, setEligibleOnly] = useState(false);
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  // The guide being booked: their button spins, the others wait.
  const busy = assign.pendingGuideId;

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(input.trim());
      setCurrent(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [input]);
  useEffect(() => {
    setCurrent(1);
    setOpen(null);
  }, [team?.id]);

  const candidates = useCandidatesQuery(
    {
      teamId: team?.id ?? 0,
      current,
      pageSize: PAGE_SIZE,
      keyword,
      eligibleOnly: eligibleOnly ? 'true' : undefined,
    },
    { skip: !team || !canAllocate },
  );

  if (!team) {
    return <Empty description={t('allocation.pickTeam')} data-testid="candidates-empty" />;
  }
  // The candidates endpoint is for holders of team:allocate (it explains every guide).
  if (!canAllocate) return <Empty description={t('allocation.candidatesNeedAllocate')} />;
  if (candidates.isError) {
    return (
      <Result
        status="error"
        title={t('allocation.loadFailed')}
        extra={<Button onClick={() => void candidates.refetch()}>{t('allocation.retry')}</Button>}
      />
    );
  }

  const book = async (c: Candidate) => {
    const done = await assign(team, c, candidates.data?.window);
    // A large group keeps its place until its guides cover it: the list shows the next one.
    if (done && done.status !== 'pending') props.onAssigned(team);
  };
  const coverage = candidates.data?.coverage;

  const row = (c: Candidate) => {
    const expanded = open === c.guideId;
    return (
      <List.Item
        key={c.guideId}
        data-testid={`candidate-${c.code}`}
        data-eligible={c.eligible}
        style={c.eligible ? undefined : { background: 'var(--color-fill-1)' }}
        actions={
          canAllocate && c.eligible
            ? [
                <Button
                  key="assign"
                  type="primary"
                  size="small"
                  loading={busy === c.guideId}
                  disabled={busy !== null && busy !== c.guideId}
                  onClick={() => void book(c)}
                >
                  {t('allocation.assign')}
                </Button>,
              ]
            : []
        }
      >
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text bold style={c.eligible ? undefined : { color: 'var(--color-text-3)' }}>
              {c.name}
            </Typography.Text>
            <Typography.Text type="secondary">{c.code}</Typography.Text>
            <Tag size="small">{enumLabel('level', c.level)}</Tag>
            <Typography.Text type="secondary">
              {c.languages.map((l) => dict.languageLabel(l)).join(' / ')}
            </Typography.Text>
            {coverage?.largeGroup && (
              <Typography.Text type="secondary" data-testid="candidate-capacity">
                {t('allocation.capacity', { capacity: c.capacity })}
              </Typography.Text>
            )}
          </Space>
          {c.eligible && c.score !== null ? (
            <Space>
              <ScoreBar score={c.score} breakdown={c.breakdown} />
              <Button
                size="mini"
                type="text"
                icon={expanded ? <IconDown /> : <IconRight />}
                aria-expanded={expanded}
                onClick={() => setOpen(expanded ? null : c.guideId)}
              >
                {t('allocation.why')}
              </Button>
            </Space>
          ) : (
            <BreachTags breaches={c.breaches} />
          )}
          {expanded && <ScoreBreakdown breakdown={c.breakdown} />}
        </Space>
      </List.Item>
    );
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="candidates">
      <Space wrap>
        <Typography.Text bold>{t('allocation.candidatesOf', { code: team.code })}</Typography.Text>
        {candidates.data && (
          <Typography.Text type="secondary">
            {t('allocation.eligibleCount', {
              eligible: candidates.data.eligibleTotal,
              total: candidates.data.total,
            })}
          </Typography.Text>
        )}
      </Space>
      {/* Part of the team already has a guide: the list is for the days left. */}
      {candidates.data &&
        (candidates.data.window.from !== team.startDate ||
          candidates.data.window.to !== team.endDate) && (
          <Typography.Text type="warning" data-testid="candidates-window">
            {t('allocation.daysLeft', candidates.data.window)}
          </Typography.Text>
        )}
      {/* A large group (or one partly covered): how many more guides its pax need. */}
      {coverage &&
        coverage.stillNeeded > 0 &&
        (coverage.largeGroup || coverage.paxLeft < coverage.pax) && (
          <Typography.Text type="warning" data-testid="candidates-still-needed">
            {t('allocation.stillNeeded', {
              count: coverage.stillNeeded,
              left: coverage.paxLeft,
              pax: coverage.pax,
            })}
          </Typography.Text>
        )}
      <Space wrap>
        <Input.Search
          allowClear
          value={input}
          onChange={setInput}
          style={{ width: 220 }}
          placeholder={t('allocation.guideSearch')}
          aria-label={t('allocation.guideSearch')}
        />
        <Checkbox
          checked={eligibleOnly}
          onChange={(v: boolean) => {
            setEligibleOnly(v);
            setCurrent(1);
          }}
        >
          {t('allocation.eligibleOnly')}
        </Checkbox>
      </Space>
      <Spin loading={candidates.isFetching} style={{ display: 'block' }}>
        <List
          size="small"
          dataSource={candidates.data?.list ?? []}
          render={row}
          noDataElement={<Empty description={t('allocation.noCandidates')} />}
          pagination={
            (candidates.data?.total ?? 0) > PAGE_SIZE
              ? {
                  current,
                  pageSize: PAGE_SIZE,
                  total: candidates.data?.total ?? 0,
                  size: 'mini',
                  onChange: setCurrent,
                }
              : undefined
          }
        />
      </Spin>
    </Space>
  );
}
