// The dispatch board (issue #14, "Page"): guides as rows, a fortnight's or a month's days as
// columns (issue 29 item 4: 500 guides × 31 days stay smooth, BoardGrid renders the rows in view),
// assignments and leave as bars, each guide's workload, and the range's waiting teams in a
// strip on top (urgent ones flagged). Drag a team onto a guide's row — or pick it and press
// Enter on a row — to assign it through the manual path; while a team is picked, rows of
// guides who cannot take it are greyed and say why. The grid itself is BoardGrid.
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  DatePicker,
  Input,
  Pagination,
  Radio,
  Result,
  Space,
  Spin,
  Typography,
} from '@arco-design/web-react';
import { IconLeft, IconRight } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { addDays, localDate, type BoardGuide, type WaitingTeam } from '@console/shared';
import { useAllocationBoardQuery } from './api';
import { BarLegend } from './BoardBars';
import { BoardGrid, TEAM_MIME, WhyNot } from './BoardGrid';
import { daysOf } from './timeline';
import { useAssignGuide } from './useAssignGuide';
import { useEligibleGuides } from './useEligibleGuides';
import { TeamBadges } from './WaitingTeams';

/** The periods the board shows, in days: a fortnight or a month. */
const SPANS = [14, 31] as const;
const PAGE_SIZE = 500;

export function DispatchBoard(props: { initialFrom: string; canAllocate: boolean }) {
  const { canAllocate } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const assign = useAssignGuide();
  const [from, setFrom] = useState(props.initialFrom);
  const [span, setSpan] = useState<number>(SPANS[0]);
  const to = addDays(from, span - 1);
  const days = useMemo(() => daysOf(from, to), [from, to]);
  const today = localDate();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [picked, setPicked] = useState<WaitingTeam | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(input.trim());
      setCurrent(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [input]);

  const board = useAllocationBoardQuery({ from, to, current, pageSize: PAGE_SIZE, keyword });
  const guides = board.data?.guides ?? [];
  const waiting = board.data?.waiting ?? [];
  const { eligible } = useEligibleGuides(picked?.id ?? null, board.fulfilledTimeStamp ?? 0);

  // The picked team leaves the strip once assigned (or re-dated out of the fortnight).
  useEffect(() => {
    if (picked && board.data && !board.data.waiting.some((w) => w.id === picked.id))
      setPicked(null);
  }, [board.data, picked]);

  const dropOn = async (team: WaitingTeam, guide: BoardGuide) => {
    if (!canAllocate || busy) return;
    setBusy(true);
    if (await assign(team, guide)) setPicked(null);
    setBusy(false);
  };

  const onAssign = (guide: BoardGuide, teamId: number) => {
    const team = waiting.find((w) => w.id === teamId);
    if (team) void dropOn(team, guide);
  };

  const dragged = dropTarget !== null ? guides.find((g) => g.guideId === dropTarget) : undefined;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="dispatch-board">
      <Space wrap>
        <Button
          icon={<IconLeft />}
          aria-label={t('allocation.board.previous')}
          onClick={() => setFrom(addDays(from, -span))}
        />
        <DatePicker
          value={from}
          allowClear={false}
          onChange={(v: string) => v && setFrom(v)}
          aria-label={t('allocation.board.from')}
        />
        <Typography.Text type="secondary">~ {to}</Typography.Text>
        <Button
          icon={<IconRight />}
          aria-label={t('allocation.board.next')}
          onClick={() => setFrom(addDays(from, span))}
        />
        <Radio.Group
          type="button"
          value={span}
          onChange={(v: number) => setSpan(v)}
          aria-label={t('allocation.board.span')}
          data-testid="board-span"
          options={SPANS.map((d) => ({
            value: d,
            label: t('allocation.board.spanDays', { days: d }),
          }))}
        />
        <Input.Search
          allowClear
          value={input}
          onChange={setInput}
          style={{ width: 220 }}
          placeholder={t('allocation.guideSearch')}
          aria-label={t('allocation.guideSearch')}
        />
      </Space>

      <div
        data-testid="waiting-strip"
        style={{
          // Chips wrap onto more lines rather than running past the edge (the last one was
          // cut at 1366 px); many waiting teams scroll inside the strip.
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          maxHeight: 132,
          overflowY: 'auto',
          padding: 8,
          background: 'var(--color-fill-1)',
          borderRadius: 4,
          minHeight: 48,
          alignItems: 'center',
        }}
      >
        <Typography.Text type="secondary" style={{ flex: '0 0 auto' }}>
          {t('allocation.board.waiting', { count: waiting.length })}
        </Typography.Text>
        {waiting.length === 0 && !board.isFetching && (
          <Typography.Text type="secondary">{t('allocation.noWaiting')}</Typography.Text>
        )}
        {waiting.map((team) => {
          const active = picked?.id === team.id;
          return (
            <button
              key={team.id}
              type="button"
              draggable={canAllocate}
              aria-pressed={canAllocate ? active : undefined}
              data-testid={`strip-${team.code}`}
              onDragStart={(e) => {
                e.dataTransfer.setData(TEAM_MIME, String(team.id));
                e.dataTransfer.effectAllowed = 'move';
                setPicked(team);
              }}
              onDragEnd={() => setDropTarget(null)}
              onClick={() => canAllocate && setPicked(active ? null : team)}
              style={{
                flex: '0 0 auto',
                cursor: canAllocate ? 'grab' : 'default',
                padding: '4px 8px',
                borderRadius: 4,
                color: 'var(--color-text-1)',
                background: 'var(--color-bg-2)',
                border: `1px solid ${
                  active
                    ? 'rgb(var(--primary-6))'
                    : team.urgent
                      ? 'rgb(var(--red-6))'
                      : 'var(--color-border-2)'
                }`,
                textAlign: 'left',
              }}
            >
              <Space size={4}>
                <Typography.Text bold>{team.code}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {team.startDate.slice(5)}~{team.endDate.slice(5)} ·{' '}
                  {t('allocation.paxCount', { pax: team.pax })}
                </Typography.Text>
                <TeamBadges team={team} />
              </Space>
            </button>
          );
        })}
      </div>

      {picked && (
        <Typography.Text type="secondary" data-testid="board-hint">
          {t('allocation.board.hint', { code: picked.code })}
          {dragged && eligible && !eligible.has(dragged.guideId) && (
            <>
              {' · '}
              {t('allocation.board.whyNot', { name: dragged.name, code: picked.code })}{' '}
              <WhyNot team={picked} guide={dragged} />
            </>
          )}
        </Typography.Text>
      )}

      {board.isError ? (
        <Result
          status="error"
          title={t('allocation.loadFailed')}
          extra={<Button onClick={() => void board.refetch()}>{t('allocation.retry')}</Button>}
        />
      ) : (
        <Spin loading={board.isFetching || busy} style={{ display: 'block' }}>
          <BoardGrid
            guides={guides}
            total={board.data?.total ?? 0}
            days={days}
            today={today}
            loading={board.isFetching}
            canAllocate={canAllocate}
            picked={picked}
            eligible={eligible}
            dropTarget={dropTarget}
            onDropTarget={setDropTarget}
            onAssign={onAssign}
            onOpenTeam={(id) => navigate(`/team/detail/${id}`)}
            onEscape={() => setPicked(null)}
          />
        </Spin>
      )}
      {(board.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          size="small"
          current={current}
          pageSize={PAGE_SIZE}
          total={board.data?.total ?? 0}
          onChange={setCurrent}
        />
      )}
      <BarLegend />
    </Space>
  );
}
