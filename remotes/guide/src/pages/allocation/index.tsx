// Guide allocation (/guide/allocation, issue #14 "Page"): the waiting teams of a range with the
// selected team's ranked candidates, "plan all" with its preview and commit, the dispatch
// board, and the rules. Actions need team:allocate; everyone else reads.
import { useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Grid,
  Message,
  Space,
  Tabs,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ALLOCATION_RANGE_MAX_DAYS, addDays, localDate, type WaitingTeam } from '@console/shared';
import { useHasPermission } from '@console/shared/permission';
import { useWaitingTeamsQuery } from './api';
import { Candidates } from './Candidates';
import { DispatchBoard } from './DispatchBoard';
import { PlanDrawer } from './PlanDrawer';
import { RulesTab } from './RulesTab';
import { daysOf } from './timeline';
import { WaitingTeams } from './WaitingTeams';

const TABS = ['teams', 'board', 'rules'] as const;
type Tab = (typeof TABS)[number];
const FORTNIGHT = 14;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the address (so it survives a reload and can be shared), else the next fortnight. */
function rangeOf(from: string | null, to: string | null): [string, string] {
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) {
    if (daysOf(from, to).length <= ALLOCATION_RANGE_MAX_DAYS) return [from, to];
  }
  const today = localDate();
  return [today, addDays(today, FORTNIGHT - 1)];
}

export default function AllocationPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const canAllocate = useHasPermission('team:allocate');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'teams';
  const range = rangeOf(params.get('from'), params.get('to'));
  // The selected team is in the address by its code (issue 26 item 5: a reload lost the
  // candidates), read back through the waiting list's search so it need not be on the page shown.
  const teamParam = params.get('team') || null;
  const selectedQuery = useWaitingTeamsQuery(
    { from: range[0], to: range[1], current: 1, pageSize: 5, keyword: teamParam ?? '' },
    { skip: !teamParam },
  );
  const selected = teamParam
    ? (selectedQuery.data?.list.find((w) => w.code === teamParam) ?? null)
    : null;
  const setSelected = (team: WaitingTeam | null) =>
    setParams(
      (p) => {
        if (team) p.set('team', team.code);
        else p.delete('team');
        return p;
      },
      { replace: true },
    );
  const [planning, setPlanning] = useState(false);
  // The plan being previewed is in the address, so a reload or a shared link reopens it.
  const planParam = params.get('plan');
  const planId = planParam && /^\d{1,9}$/.test(planParam) ? Number(planParam) : null;
  const setPlanParam = (id: number | null) =>
    setParams(
      (p) => {
        if (id === null) p.delete('plan');
        else p.set('plan', String(id));
        return p;
      },
      { replace: true },
    );

  const changeRange = (value: string[] | undefined) => {
    if (!value?.[0] || !value[1]) return;
    if (daysOf(value[0], value[1]).length > ALLOCATION_RANGE_MAX_DAYS) {
      Message.warning(t('allocation.rangeTooLong', { days: ALLOCATION_RANGE_MAX_DAYS }));
      return;
    }
    setParams(
      (p) => {
        p.delete('team');
        p.set('from', value[0]!);
        p.set('to', value[1]!);
        return p;
      },
      { replace: true },
    );
  };

  return (
    <Card data-testid="allocation-page">
      <Tabs
        activeTab={tab}
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', key);
              return p;
            },
            { replace: true },
          )
        }
        extra={
          tab === 'teams' ? (
            <Space>
              <Typography.Text type="secondary">{t('allocation.range')}</Typography.Text>
              <DatePicker.RangePicker
                value={range}
                allowClear={false}
                onChange={changeRange}
                style={{ width: 260 }}
                data-testid="allocation-range"
              />
              {canAllocate && (
                <Button type="primary" onClick={() => setPlanning(true)} data-testid="plan-all">
                  {t('allocation.planAll')}
                </Button>
              )}
            </Space>
          ) : null
        }
      >
        <Tabs.TabPane key="teams" title={t('allocation.tab.teams')}>
          <Grid.Row gutter={24}>
            <Grid.Col xs={24} lg={12}>
              <WaitingTeams
                from={range[0]}
                to={range[1]}
                selected={selected}
                onSelect={setSelected}
              />
            </Grid.Col>
            <Grid.Col xs={24} lg={12}>
              <Candidates
                team={selected}
                canAllocate={canAllocate}
                onAssigned={() => setSelected(null)}
              />
            </Grid.Col>
          </Grid.Row>
        </Tabs.TabPane>
        <Tabs.TabPane key="board" title={t('allocation.tab.board')}>
          <DispatchBoard initialFrom={range[0]} canAllocate={canAllocate} />
        </Tabs.TabPane>
        <Tabs.TabPane key="rules" title={t('allocation.tab.rules')}>
          <RulesTab />
        </Tabs.TabPane>
      </Tabs>
      <PlanDrawer
        from={range[0]}
        to={range[1]}
        visible={planning || planId !== null}
        canAllocate={canAllocate}
        planId={planId}
        onPlanned={setPlanParam}
        onClose={() => {
          setPlanning(false);
          setPlanParam(null);
        }}
      />
    </Card>
  );
}
