// "Plan all": the server solves the range (a progress indicator meanwhile), then the preview —
// per team the chosen guide, score, alternatives, or why it stays uncovered — with the quality
// proof, row selection and commit. A PLAN_STALE 409 lists what changed and offers a re-plan.
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Empty,
  List,
  Message,
  Modal,
  Progress,
  Result,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  OPERATION_TIME_ZONE,
  PLAN_PHASE_TEXT,
  UNCOVERED_TEXT,
  resolveLocale,
  type PlanChange,
  type PlanDetail,
  type PlanItem,
  type PlanProgress,
} from '@console/shared';
import { apiErrorCode, apiErrorEnvelope, apiErrorMessage } from '@console/shared/api';
import { allocationApi, useCommitPlanMutation, useCreatePlanMutation } from './api';
import { BreachTags, ScoreBar } from './ScoreBreakdown';
import { planQuality, solveMethodKind } from './timeline';

/** How long the drawer waits after a progress answer before it asks again (ms). */
const PLAN_PROGRESS_POLL_MS = 300;

/** The bar while the plan runs: 0–99, whatever the server says; 100 % only with the answer. */
function runningPercent(percent: number): number {
  return Number.isFinite(percent) ? Math.max(0, Math.min(99, Math.floor(percent))) : 0;
}

type State =
  | { step: 'solving'; startedAt: number }
  | { step: 'loading' }
  | { step: 'failed'; message: string }
  | { step: 'preview'; plan: PlanDetail; stale: PlanChange[] | null };

export function PlanDrawer(props: {
  from: string;
  to: string;
  visible: boolean;
  canAllocate: boolean;
  /** A stored plan to show instead of solving (the address's `plan`, after a reload). */
  planId: number | null;
  /** A new plan was stored: the page puts its id in the address. */
  onPlanned(id: number): void;
  onClose(): void;
}) {
  const { from, to, visible, canAllocate } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const locale = resolveLocale(intl.locale);
  const [createPlan] = useCreatePlanMutation();
  // The commit invalidates what it changed (or, refused as stale, what changed under it).
  const [commitPlan, { isLoading: committing }] = useCommitPlanMutation();
  const [state, setState] = useState<State>({ step: 'solving', startedAt: Date.now() });
  const [selected, setSelected] = useState<number[]>([]);
  const [elapsed, setElapsed] = useState(0);
  const [progress, setProgress] = useState<PlanProgress | null>(null);
  const run = useRef(0);

  const solve = async () => {
    const id = ++run.current;
    setState({ step: 'solving', startedAt: Date.now() });
    setElapsed(0);
    // A re-plan starts from nothing: the last plan's phase is not carried into the new one.
    setProgress(null);
    try {
      const plan = await createPlan({ from, to }).unwrap();
      if (id !== run.current) return;
      setState({ step: 'preview', plan, stale: null });
      setSelected(plan.items.filter((i) => i.guide).map((i) => i.teamId));
      props.onPlanned(plan.id);
    } catch (error) {
      if (id === run.current) setState({ step: 'failed', message: apiErrorMessage(error) });
    }
  };

  const reopen = async (planId: number) => {
    const id = ++run.current;
    setState({ step: 'loading' });
    try {
      const plan = await allocationApi.storedPlan(planId);
      if (id !== run.current) return;
      setState({ step: 'preview', plan, stale: null });
      setSelected(plan.items.filter((i) => i.guide).map((i) => i.teamId));
    } catch (error) {
      if (id === run.current) setState({ step: 'failed', message: apiErrorMessage(error) });
    }
  };

  useEffect(() => {
    if (!visible) run.current++;
    else if (props.planId !== null) void reopen(props.planId);
    else void solve();
    // Solving starts each time the drawer opens, for the range it opened on; a plan named by
    // the address is read back instead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible]);

  useEffect(() => {
    if (state.step !== 'solving') return;
    const timer = setInterval(() => setElapsed(Date.now() - state.startedAt), 200);
    return () => clearInterval(timer);
  }, [state]);

  // The plan's phase and time left, from the server while it runs (not a bare spinner). One
  // question at a time, the next asked once the last has answered: a server busy solving
  // never gets a queue of them, and an older answer never moves the bar back.
  useEffect(() => {
    if (state.step !== 'solving') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const p = await allocationApi.planProgress();
        if (live && p) setProgress(p);
      } catch {
        // The elapsed time still shows; the next poll may answer.
      }
      if (live) timer = setTimeout(() => void poll(), PLAN_PROGRESS_POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [state]);

  const commit = (plan: PlanDetail) => {
    const covered = plan.items.filter((i) => i.guide).map((i) => i.teamId);
    const all = covered.length === selected.length;
    Modal.confirm({
      title: t('allocation.plan.confirmTitle'),
      content: t('allocation.plan.confirm', { count: selected.length }),
      okText: t('allocation.plan.commit'),
      cancelText: t('allocation.cancel'),
      onOk: async () => {
        try {
          const result = await commitPlan({
            planId: plan.id,
            body: all ? {} : { teamIds: selected },
          }).unwrap();
          Message.success(t('allocation.plan.committed', { count: result.committed.length }));
          props.onClose();
        } catch (error) {
          if (apiErrorCode(error) === 'PLAN_STALE') {
            const data = apiErrorEnvelope(error)?.data as { changes?: PlanChange[] } | undefined;
            setState({ step: 'preview', plan, stale: data?.changes ?? [] });
          } else {
            Message.error(apiErrorMessage(error));
          }
        }
      },
    });
  };

  const guideText = (g: { name: string; code: string }) => `${g.name} (${g.code})`;

  const columns = [
    {
      title: t('allocation.col.team'),
      render: (_: unknown, i: PlanItem) => (
        <Space direction="vertical" size={2}>
          <Typography.Text bold>{i.teamCode}</Typography.Text>
          <Typography.Text type="secondary">
            {i.startDate === i.endDate ? i.startDate : `${i.startDate} ~ ${i.endDate}`} ·{' '}
            {t('allocation.paxCount', { pax: i.pax })}
          </Typography.Text>
          {i.window && (
            <Typography.Text type="warning" data-testid="plan-days-left">
              {t('allocation.plan.daysLeft', i.window)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('allocation.plan.guide'),
      render: (_: unknown, i: PlanItem) =>
        i.guides ? (
          // A large group: every guide sharing it, with the pax each can lead.
          <Space direction="vertical" size={0} data-testid="plan-group-guides">
            <Tag color="arcoblue">
              {t('allocation.plan.groupGuides', {
                count: i.guides.length,
                pax: i.paxLeft ?? i.pax,
              })}
            </Tag>
            {i.guides.map((g) => (
              <Typography.Text key={g.guideId}>
                {guideText(g)} · {t('allocation.capacity', { capacity: g.capacity })}
              </Typography.Text>
            ))}
          </Space>
        ) : i.guide ? (
          guideText(i.guide)
        ) : (
          <Space direction="vertical" size={4}>
            <Tag color="orange">
              {i.uncovered
                ? UNCOVERED_TEXT[i.uncovered.reason][locale]
                : t('allocation.plan.uncovered')}
            </Tag>
            {i.uncovered?.closest.map((g) => (
              <div key={g.guideId}>
                <Typography.Text type="secondary">{guideText(g)}</Typography.Text>{' '}
                <BreachTags breaches={g.breaches} />
              </div>
            ))}
          </Space>
        ),
    },
    {
      title: t('allocation.score'),
      width: 170,
      render: (_: unknown, i: PlanItem) =>
        i.guide ? <ScoreBar score={i.guide.score} breakdown={i.breakdown} /> : '—',
    },
    {
      title: t('allocation.plan.alternatives'),
      render: (_: unknown, i: PlanItem) =>
        i.alternatives.length === 0 ? (
          '—'
        ) : (
          <Space direction="vertical" size={0}>
            {i.alternatives.map((g) => (
              <Typography.Text key={g.guideId} type="secondary">
                {guideText(g)} · {g.score.toFixed(1)}
              </Typography.Text>
            ))}
          </Space>
        ),
    },
  ];

  const body = () => {
    if (state.step === 'solving') {
      return (
        <div style={{ textAlign: 'center', padding: 48 }} data-testid="plan-solving" role="status">
          <Typography.Paragraph>{t('allocation.plan.solving', { from, to })}</Typography.Paragraph>
          {progress ? (
            <div data-testid="plan-progress" data-phase={progress.phase}>
              <Progress
                percent={runningPercent(progress.percent)}
                style={{ maxWidth: 420 }}
                aria-label={PLAN_PHASE_TEXT[progress.phase][locale]}
              />
              <Typography.Paragraph type="secondary" data-testid="plan-time-left">
                {t('allocation.plan.timeLeft', {
                  phase: PLAN_PHASE_TEXT[progress.phase][locale],
                  seconds: progress.secondsLeft.toFixed(1),
                })}
              </Typography.Paragraph>
            </div>
          ) : (
            <Spin size={32} />
          )}
          <Typography.Text type="secondary">
            {t('allocation.plan.elapsed', { seconds: (elapsed / 1000).toFixed(1) })}
          </Typography.Text>
        </div>
      );
    }
    if (state.step === 'loading') {
      return (
        <div style={{ textAlign: 'center', padding: 48 }} data-testid="plan-loading" role="status">
          <Spin size={32} />
        </div>
      );
    }
    if (state.step === 'failed') {
      return (
        <Result
          status="error"
          title={t('allocation.plan.failed')}
          subTitle={state.message}
          extra={<Button onClick={() => void solve()}>{t('allocation.plan.again')}</Button>}
        />
      );
    }
    const { plan, stale } = state;
    const quality = planQuality(plan);
    const methodKind = solveMethodKind(plan.method);
    return (
      <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="plan-preview">
        {stale && (
          <Alert
            type="warning"
            data-testid="plan-stale"
            title={t('allocation.plan.staleTitle', { count: stale.length })}
            content={
              <List
                size="small"
                bordered={false}
                dataSource={stale}
                render={(c: PlanChange, index: number) => (
                  <List.Item key={index}>{c.message[locale]}</List.Item>
                )}
              />
            }
            action={
              <Button size="small" type="primary" onClick={() => void solve()}>
                {t('allocation.plan.replan')}
              </Button>
            }
          />
        )}
        {plan.status === 'committed' && (
          <Alert
            type="success"
            data-testid="plan-committed"
            title={t('allocation.plan.committedTitle')}
            content={t('allocation.plan.committedText', {
              by: plan.createdBy,
              at: intl.formatDate(plan.createdAt, {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: OPERATION_TIME_ZONE,
              }),
            })}
          />
        )}
        <Space size={32} wrap>
          <Statistic
            title={t('allocation.plan.covered')}
            value={plan.teamsCovered}
            suffix={`/ ${plan.teamsConsidered}`}
          />
          <Statistic
            title={t('allocation.plan.totalScore')}
            value={plan.totalScore}
            precision={1}
          />
          <Statistic
            title={t('allocation.plan.solveTime')}
            value={plan.solveMs / 1000}
            precision={2}
            suffix="s"
          />
        </Space>
        <Typography.Text data-testid="plan-quality">
          {quality.sharePercent === null
            ? t('allocation.plan.qualityUnknown')
            : quality.proven
              ? t('allocation.plan.optimal', { score: plan.totalScore.toFixed(1) })
              : t('allocation.plan.quality', {
                  score: plan.totalScore.toFixed(1),
                  bound: quality.scoreBound.toFixed(1),
                  share: quality.sharePercent.toFixed(1),
                  gap: (100 - quality.sharePercent).toFixed(1),
                })}
          {quality.coverBound > plan.teamsCovered &&
            ` ${t('allocation.plan.coverShort', { covered: plan.teamsCovered, cover: quality.coverBound })}`}{' '}
          {methodKind !== 'none' && (
            <Typography.Text type="secondary" data-testid="plan-method">
              <span title={plan.method}>{t(`allocation.plan.method.${methodKind}`)}</span>
            </Typography.Text>
          )}
        </Typography.Text>
        {plan.items.length === 0 ? (
          <Empty description={t('allocation.noWaiting')} />
        ) : (
          <Table<PlanItem>
            size="small"
            rowKey="teamId"
            data={plan.items}
            columns={columns}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            onRow={(i) => ({ 'data-testid': `plan-row-${i.teamCode}` }) as object}
            rowSelection={
              canAllocate && plan.status === 'draft'
                ? {
                    type: 'checkbox',
                    selectedRowKeys: selected,
                    checkCrossPage: true,
                    checkboxProps: (i: PlanItem) => ({ disabled: !i.guide }),
                    onChange: (keys) => setSelected(keys.map(Number)),
                  }
                : undefined
            }
          />
        )}
      </Space>
    );
  };

  const plan = state.step === 'preview' ? state.plan : null;
  return (
    <Drawer
      width={Math.min(1100, typeof window === 'undefined' ? 1100 : window.innerWidth - 48)}
      visible={visible}
      title={t('allocation.plan.title', { from, to })}
      onCancel={props.onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={props.onClose}>{t('allocation.close')}</Button>
          {plan && (
            <Button onClick={() => void solve()} data-testid="plan-replan">
              {t('allocation.plan.replan')}
            </Button>
          )}
          {plan && canAllocate && plan.status === 'draft' && (
            <Button
              type="primary"
              loading={committing}
              disabled={selected.length === 0 || (state.step === 'preview' && !!state.stale)}
              onClick={() => commit(plan)}
              data-testid="plan-commit"
            >
              {t('allocation.plan.commitCount', { count: selected.length })}
            </Button>
          )}
        </Space>
      }
    >
      {body()}
    </Drawer>
  );
}
