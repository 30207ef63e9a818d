// The dispatch board (issue #14, "Page"): guides as rows, the fortnight's days as columns,
// assignments and leave as bars, each guide's workload, and the range's waiting teams in a
// strip on top (urgent ones flagged). Drag a team onto a guide's row — or pick it and press
// Enter on a row — to assign it through the manual path; while a team is picked, rows of
// guides who cannot take it are greyed and say why. Only rows in view are rendered.
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Button,
  DatePicker,
  Empty,
  Input,
  Pagination,
  Popover,
  Result,
  Space,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconLeft, IconRight } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  addDays,
  localDate,
  type BoardBar,
  type BoardGuide,
  type WaitingTeam,
} from '@console/shared';
import { useEnumLabel } from '../../hooks';
import { useAllocationBoardQuery, useCandidatesQuery } from './api';
import { BreachTags } from './ScoreBreakdown';
import { barSpan, daysOf, rowWindow } from './timeline';
import { useAssignGuide } from './useAssignGuide';
import { useEligibleGuides } from './useEligibleGuides';
import { TeamBadges } from './WaitingTeams';

const FORTNIGHT = 14;
const ROW_H = 44;
const HEADER_H = 40;
const NAME_W = 220;
const DAY_W = 60;
const VIEWPORT_H = 560;
const PAGE_SIZE = 500;
const TEAM_MIME = 'application/x-allocation-team';

/** Why `guide` cannot take `team`: its breaches as the candidates endpoint gives them. */
function WhyNot(props: { team: WaitingTeam; guide: BoardGuide }) {
  const intl = useIntl();
  const { team, guide } = props;
  const answer = useCandidatesQuery({ teamId: team.id, keyword: guide.code, pageSize: 20 });
  const mine = answer.data?.list.find((c) => c.guideId === guide.guideId);
  if (answer.isFetching && !mine) return <Spin size={14} />;
  if (!mine) return <>{intl.formatMessage({ id: 'allocation.board.unknownWhy' })}</>;
  if (mine.eligible) return <>{intl.formatMessage({ id: 'allocation.board.eligible' })}</>;
  return <BreachTags breaches={mine.breaches} />;
}

export function DispatchBoard(props: { initialFrom: string; canAllocate: boolean }) {
  const { canAllocate } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const enumLabel = useEnumLabel();
  const assign = useAssignGuide();
  const [from, setFrom] = useState(props.initialFrom);
  const to = addDays(from, FORTNIGHT - 1);
  const days = useMemo(() => daysOf(from, to), [from, to]);
  const today = localDate();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [picked, setPicked] = useState<WaitingTeam | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);

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

  const onDrop = (event: DragEvent, guide: BoardGuide) => {
    event.preventDefault();
    setDropTarget(null);
    const id = Number(event.dataTransfer.getData(TEAM_MIME));
    const team = waiting.find((w) => w.id === id);
    if (team) void dropOn(team, guide);
  };

  const { first, last } = rowWindow(
    Math.max(0, scrollTop - HEADER_H),
    VIEWPORT_H,
    ROW_H,
    guides.length,
  );
  const width = NAME_W + days.length * DAY_W;
  const dayLabel = (d: string) =>
    intl.formatDate(`${d}T00:00:00Z`, { weekday: 'short', timeZone: 'UTC' });

  const barView = (guide: BoardGuide, bar: BoardBar) => {
    const span = barSpan(bar, days);
    if (!span) return null;
    const isTeam = bar.kind === 'team';
    const label = isTeam ? bar.label : t(`guide.unavailability.${bar.label}`);
    const style = {
      position: 'absolute' as const,
      top: 8,
      height: ROW_H - 16,
      left: span.start * DAY_W + 2,
      width: span.length * DAY_W - 4,
      borderRadius: 4,
      padding: '0 6px',
      fontSize: 12,
      lineHeight: `${ROW_H - 16}px`,
      overflow: 'hidden',
      whiteSpace: 'nowrap' as const,
      textOverflow: 'ellipsis',
      border: 'none',
      textAlign: 'left' as const,
      color: isTeam ? 'var(--color-white)' : 'var(--color-text-1)',
      background: isTeam ? 'rgb(var(--primary-6))' : 'rgb(var(--orange-3))',
      cursor: isTeam ? 'pointer' : 'default',
    };
    const title = `${label} · ${bar.from} ~ ${bar.to}`;
    return isTeam ? (
      <button
        key={`t${bar.id}`}
        type="button"
        style={style}
        title={title}
        data-testid={`bar-${bar.label}`}
        onClick={() => navigate(`/team/detail/${bar.id}`)}
      >
        {label}
      </button>
    ) : (
      <div key={`l${bar.id}`} style={style} title={title} data-testid={`leave-${guide.code}`}>
        {label}
      </div>
    );
  };

  const rowView = (guide: BoardGuide, index: number) => {
    const greyed = picked !== null && eligible !== null && !eligible.has(guide.guideId);
    const target = dropTarget === guide.guideId;
    const row = (
      <div
        key={guide.guideId}
        role="row"
        tabIndex={canAllocate && picked ? 0 : -1}
        aria-label={t('allocation.board.rowAria', { name: guide.name, code: guide.code })}
        data-testid={`board-row-${guide.code}`}
        data-greyed={greyed}
        onDragOver={(e) => {
          if (!canAllocate) return;
          e.preventDefault();
          if (dropTarget !== guide.guideId) setDropTarget(guide.guideId);
        }}
        onDragLeave={() => setDropTarget((v) => (v === guide.guideId ? null : v))}
        onDrop={(e) => onDrop(e, guide)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && picked) void dropOn(picked, guide);
          if (e.key === 'Escape') setPicked(null);
        }}
        onClick={() => picked && canAllocate && void dropOn(picked, guide)}
        style={{
          position: 'absolute',
          top: HEADER_H + index * ROW_H,
          height: ROW_H,
          width,
          display: 'flex',
          borderBottom: '1px solid var(--color-border-1)',
          opacity: greyed ? 0.45 : 1,
          background: target ? 'var(--color-primary-light-1)' : 'var(--color-bg-2)',
          outlineOffset: -2,
        }}
      >
        <div
          style={{
            position: 'sticky',
            left: 0,
            zIndex: 1,
            width: NAME_W,
            flex: `0 0 ${NAME_W}px`,
            padding: '4px 8px',
            background: 'inherit',
            borderRight: '1px solid var(--color-border-2)',
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            overflow: 'hidden',
          }}
        >
          <Typography.Text ellipsis style={{ margin: 0, flex: 1 }}>
            {guide.name}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {guide.code} · {enumLabel('level', guide.level)}
            </Typography.Text>
          </Typography.Text>
          <Tag size="small" title={t('allocation.board.workload')}>
            {t('allocation.board.days', { days: guide.workloadDays })}
          </Tag>
        </div>
        <div style={{ position: 'relative', width: days.length * DAY_W }}>
          {days.map((d, i) => (
            <div
              key={d}
              style={{
                position: 'absolute',
                left: i * DAY_W,
                top: 0,
                bottom: 0,
                width: DAY_W,
                borderRight: '1px dashed var(--color-border-1)',
                background: d === today ? 'var(--color-fill-2)' : undefined,
              }}
            />
          ))}
          {guide.bars.map((bar) => barView(guide, bar))}
        </div>
      </div>
    );
    if (!greyed || !picked) return row;
    return (
      <Popover
        key={guide.guideId}
        trigger="hover"
        position="top"
        title={t('allocation.board.whyNot', { name: guide.name, code: picked.code })}
        content={<WhyNot team={picked} guide={guide} />}
      >
        {row}
      </Popover>
    );
  };

  const dragged = dropTarget !== null ? guides.find((g) => g.guideId === dropTarget) : undefined;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="dispatch-board">
      <Space wrap>
        <Button
          icon={<IconLeft />}
          aria-label={t('allocation.board.previous')}
          onClick={() => setFrom(addDays(from, -FORTNIGHT))}
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
          onClick={() => setFrom(addDays(from, FORTNIGHT))}
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
          display: 'flex',
          gap: 8,
          overflowX: 'auto',
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
          <div
            role="grid"
            aria-label={t('allocation.tab.board')}
            aria-rowcount={guides.length}
            onScroll={(e) => {
              const top = e.currentTarget.scrollTop;
              cancelAnimationFrame(frame.current);
              frame.current = requestAnimationFrame(() => setScrollTop(top));
            }}
            style={{
              position: 'relative',
              height: VIEWPORT_H,
              overflow: 'auto',
              border: '1px solid var(--color-border-2)',
              borderRadius: 4,
              background: 'var(--color-bg-2)',
            }}
          >
            <div style={{ position: 'relative', width, height: HEADER_H + guides.length * ROW_H }}>
              <div
                role="row"
                style={{
                  position: 'sticky',
                  top: 0,
                  zIndex: 2,
                  display: 'flex',
                  height: HEADER_H,
                  width,
                  background: 'var(--color-bg-3)',
                  borderBottom: '1px solid var(--color-border-2)',
                }}
              >
                <div
                  style={{
                    position: 'sticky',
                    left: 0,
                    width: NAME_W,
                    flex: `0 0 ${NAME_W}px`,
                    padding: '0 8px',
                    lineHeight: `${HEADER_H}px`,
                    background: 'var(--color-bg-3)',
                  }}
                >
                  {t('allocation.board.guide', { count: board.data?.total ?? 0 })}
                </div>
                {days.map((d) => (
                  <div
                    key={d}
                    role="columnheader"
                    style={{
                      flex: `0 0 ${DAY_W}px`,
                      textAlign: 'center',
                      fontSize: 12,
                      lineHeight: '18px',
                      paddingTop: 2,
                      color: d === today ? 'rgb(var(--primary-6))' : 'var(--color-text-2)',
                    }}
                  >
                    {d.slice(5)}
                    <br />
                    {dayLabel(d)}
                  </div>
                ))}
              </div>
              {guides.slice(first, last + 1).map((g, i) => rowView(g, first + i))}
            </div>
            {guides.length === 0 && !board.isFetching && (
              <Empty style={{ paddingTop: 48 }} description={t('allocation.board.noGuides')} />
            )}
          </div>
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
      <Typography.Text type="secondary">{t('allocation.board.legend')}</Typography.Text>
    </Space>
  );
}
