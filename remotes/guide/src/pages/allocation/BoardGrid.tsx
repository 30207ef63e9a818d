// The board's grid: a header of days and one row per guide with its bars (a team's name and pax,
// its status by icon and pattern: BoardBars; assignments open the team; leave in orange), its
// workload, and — while a team is picked — greyed when the guide cannot take it (hover says why).
// Only the rows in view are in the DOM (rowWindow); a row is memoised and its day grid is one
// background, so 500 guides × 31 days scroll smoothly. Rows take a dragged team or Enter to
// assign the picked one.
import { memo, useRef, useState } from 'react';
import { Empty, Popover, Spin, Tag, Typography } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { BoardBar, BoardGuide, WaitingTeam } from '@console/shared';
import { useEnumLabel } from '../../hooks';
import { useCandidatesQuery } from './api';
import { LeaveBar, TeamBar } from './BoardBars';
import { BreachTags } from './ScoreBreakdown';
import { barSpan, rowWindow } from './timeline';

export const ROW_H = 44;
const HEADER_H = 40;
const NAME_W = 220;
const DAY_W = 60;
/** The day columns' dashed separators, drawn once per row as its background. */
const DAY_LINES = `repeating-linear-gradient(to right, transparent 0 ${DAY_W - 1}px, var(--color-border-1) ${DAY_W - 1}px ${DAY_W}px)`;
export const VIEWPORT_H = 560;
/** The drag payload: a waiting team's id. */
export const TEAM_MIME = 'application/x-allocation-team';

/** Why `guide` cannot take `team`: its breaches as the candidates endpoint gives them. */
export function WhyNot(props: { team: WaitingTeam; guide: BoardGuide }) {
  const intl = useIntl();
  const { team, guide } = props;
  const answer = useCandidatesQuery({ teamId: team.id, keyword: guide.code, pageSize: 20 });
  const mine = answer.data?.list.find((c) => c.guideId === guide.guideId);
  if (answer.isFetching && !mine) return <Spin size={14} />;
  if (!mine) return <>{intl.formatMessage({ id: 'allocation.board.unknownWhy' })}</>;
  if (mine.eligible) return <>{intl.formatMessage({ id: 'allocation.board.eligible' })}</>;
  return <BreachTags breaches={mine.breaches} />;
}

export function BoardGrid(props: {
  guides: readonly BoardGuide[];
  /** All guides matching the filter (the header's count). */
  total: number;
  days: readonly string[];
  today: string;
  loading: boolean;
  canAllocate: boolean;
  picked: WaitingTeam | null;
  /** Guides who may take the picked team (null: none picked, or not known yet). */
  eligible: ReadonlySet<number> | null;
  dropTarget: number | null;
  onDropTarget(guideId: number | null): void;
  onAssign(guide: BoardGuide, teamId: number): void;
  onOpenTeam(teamId: number): void;
  onEscape(): void;
}) {
  const { guides, total, days, today, loading, canAllocate, picked, eligible } = props;
  const { dropTarget, onDropTarget } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);

  const { first, last } = rowWindow(
    Math.max(0, scrollTop - HEADER_H),
    VIEWPORT_H,
    ROW_H,
    guides.length,
  );
  const width = NAME_W + days.length * DAY_W;
  const dayLabel = (d: string) =>
    intl.formatDate(`${d}T00:00:00Z`, { weekday: 'short', timeZone: 'UTC' });

  const rowProps = {
    days,
    today,
    canAllocate,
    picked,
    onDropTarget,
    onAssign: props.onAssign,
    onOpenTeam: props.onOpenTeam,
    onEscape: props.onEscape,
  };

  return (
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
            {t('allocation.board.guide', { count: total })}
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
        {guides.slice(first, last + 1).map((g, i) => (
          <BoardRow
            key={g.guideId}
            guide={g}
            index={first + i}
            greyed={picked !== null && eligible !== null && !eligible.has(g.guideId)}
            target={dropTarget === g.guideId}
            {...rowProps}
          />
        ))}
      </div>
      {guides.length === 0 && !loading && (
        <Empty style={{ paddingTop: 48 }} description={t('allocation.board.noGuides')} />
      )}
    </div>
  );
}

interface BoardRowProps {
  guide: BoardGuide;
  index: number;
  greyed: boolean;
  target: boolean;
  days: readonly string[];
  today: string;
  canAllocate: boolean;
  picked: WaitingTeam | null;
  onDropTarget(guideId: number | null): void;
  onAssign(guide: BoardGuide, teamId: number): void;
  onOpenTeam(teamId: number): void;
  onEscape(): void;
}

/**
 * One guide's row. Memoised: scrolling mounts the rows coming into view and leaves the others as
 * they are (the day grid is one background, not a cell per day).
 */
const BoardRow = memo(function BoardRow(props: BoardRowProps) {
  const { guide, index, greyed, target, days, today, canAllocate, picked } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const enumLabel = useEnumLabel();
  const width = NAME_W + days.length * DAY_W;
  const todayIndex = days.indexOf(today);

  const barView = (bar: BoardBar) => {
    const span = barSpan(bar, days);
    if (!span) return null;
    const box = {
      top: 8,
      height: ROW_H - 16,
      left: span.start * DAY_W + 2,
      width: span.length * DAY_W - 4,
      lineHeight: `${ROW_H - 16}px`,
    };
    if (bar.kind === 'team')
      return <TeamBar key={`t${bar.id}`} bar={bar} box={box} onOpen={props.onOpenTeam} />;
    const label = t(`guide.unavailability.${bar.label}`);
    return (
      <LeaveBar
        key={`l${bar.id}`}
        label={label}
        title={`${label} · ${bar.from} ~ ${bar.to}`}
        box={box}
        testId={`leave-${guide.code}`}
      />
    );
  };

  const row = (
    <div
      role="row"
      tabIndex={canAllocate && picked ? 0 : -1}
      aria-label={t('allocation.board.rowAria', { name: guide.name, code: guide.code })}
      data-testid={`board-row-${guide.code}`}
      data-greyed={greyed}
      onDragOver={(e) => {
        if (!canAllocate) return;
        e.preventDefault();
        if (!target) props.onDropTarget(guide.guideId);
      }}
      onDragLeave={() => target && props.onDropTarget(null)}
      onDrop={(e) => {
        e.preventDefault();
        props.onDropTarget(null);
        const teamId = Number(e.dataTransfer.getData(TEAM_MIME));
        if (canAllocate && teamId) props.onAssign(guide, teamId);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && picked && canAllocate) props.onAssign(guide, picked.id);
        if (e.key === 'Escape') props.onEscape();
      }}
      onClick={() => picked && canAllocate && props.onAssign(guide, picked.id)}
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
        {/* Name above, code and level below: on one line a long level ("Intermediate")
            pushed both out of the column in English (issue 26 item 7). */}
        <div style={{ flex: 1, minWidth: 0, lineHeight: '18px' }}>
          <Typography.Text ellipsis style={{ margin: 0, display: 'block' }}>
            {guide.name}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            ellipsis
            style={{ margin: 0, display: 'block', fontSize: 12 }}
            data-testid={`board-guide-meta-${guide.code}`}
          >
            {guide.code} · {enumLabel('level', guide.level)}
          </Typography.Text>
        </div>
        <Tag size="small" title={t('allocation.board.workload')}>
          {t('allocation.board.days', { days: guide.workloadDays })}
        </Tag>
      </div>
      <div
        style={{
          position: 'relative',
          width: days.length * DAY_W,
          backgroundImage: DAY_LINES,
        }}
      >
        {todayIndex >= 0 && (
          <div
            style={{
              position: 'absolute',
              left: todayIndex * DAY_W,
              top: 0,
              bottom: 0,
              width: DAY_W - 1,
              background: 'var(--color-fill-2)',
            }}
          />
        )}
        {guide.bars.map(barView)}
      </div>
    </div>
  );
  if (!greyed || !picked) return row;
  return (
    <Popover
      trigger="hover"
      position="top"
      title={t('allocation.board.whyNot', { name: guide.name, code: picked.code })}
      content={<WhyNot team={picked} guide={guide} />}
    >
      {row}
    </Popover>
  );
});
