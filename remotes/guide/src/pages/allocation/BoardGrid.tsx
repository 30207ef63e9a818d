// The board's grid: a header of days and one row per guide with its bars (a team's name and pax,
// its status by icon and pattern: BoardBars; assignments open the team; leave in orange), its
// workload, and — while a team is picked — greyed when the guide cannot take it (hover says why).
// 500 guides × 31 days scroll smoothly (issue 29 item 4): only the rows in view and a few either
// side are in the DOM (rowWindow), placed absolutely at a fixed height; a scroll re-renders the
// grid only when that window moves, and then only the rows coming in mount (rows are memoised on
// plain props; the header is memoised apart). A row is plain elements — no measuring Typography
// (its JS ellipsis measured every row as it mounted), no Tag — and its day grid one background.
// The rows take a dragged team, a click or Enter (the picked team) through handlers on the grid
// (event delegation), not a set per row.
import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Empty, Popover, Spin } from '@arco-design/web-react';
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
/** Rows rendered beyond the viewport on each side. */
export const OVERSCAN = 6;
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

/** The rows to render for the grid's scroll position (the header scrolls with them). */
const windowAt = (scrollTop: number, rowCount: number) =>
  rowWindow(Math.max(0, scrollTop - HEADER_H), VIEWPORT_H, ROW_H, rowCount, OVERSCAN);

/** The guide row an event happened in, and its index among the guides. */
function rowOf(target: EventTarget | null): { el: HTMLElement; index: number } | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-row-index]') : null;
  return el ? { el, index: Number(el.dataset.rowIndex) } : null;
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
  const { dropTarget, onDropTarget, onAssign, onEscape } = props;
  const intl = useIntl();
  const grid = useRef<HTMLDivElement>(null);
  // The rendered window, changed only when a scroll moves it (not on every scroll event).
  const [range, setRange] = useState(() => windowAt(0, guides.length));
  const sync = useCallback(() => {
    const el = grid.current;
    const next = windowAt(el?.scrollTop ?? 0, guides.length);
    setRange((r) => (r.first === next.first && r.last === next.last ? r : next));
  }, [guides.length]);
  // A new list (a search, another page) may be shorter than the scroll position.
  useLayoutEffect(sync, [sync]);
  // Until that effect has run, a list shorter than the window renders what it has.
  const last = Math.min(range.last, guides.length - 1);
  const first = Math.min(range.first, Math.max(0, last));

  const width = NAME_W + days.length * DAY_W;
  const todayIndex = days.indexOf(today);
  // The open-team handler reaches the bars through the rows: keep it stable for their memo.
  const openTeam = useRef(props.onOpenTeam);
  openTeam.current = props.onOpenTeam;
  const onOpenTeam = useCallback((id: number) => openTeam.current(id), []);

  // A click or Enter on a team's bar opens that team (the bar's own action); only one on the
  // row around the bars assigns the picked team (both happened at once).
  const onBar = (target: EventTarget | null) =>
    target instanceof Element && target.closest('[data-board-bar]') !== null;
  // Event delegation: one set of handlers for every row.
  const guideAt = (target: EventTarget | null) => {
    const row = rowOf(target);
    const guide = row ? guides[row.index] : undefined;
    return row && guide ? { ...row, guide } : null;
  };
  const rows: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    const g = guides[i];
    const greyed = picked !== null && eligible !== null && !eligible.has(g.guideId);
    rows.push(
      <BoardRow
        key={g.guideId}
        guide={g}
        index={i}
        greyed={greyed}
        target={dropTarget === g.guideId}
        focusable={canAllocate && picked !== null}
        whyNot={greyed ? picked : null}
        days={days}
        todayIndex={todayIndex}
        onOpenTeam={onOpenTeam}
      />,
    );
  }

  return (
    <div
      ref={grid}
      role="grid"
      aria-label={intl.formatMessage({ id: 'allocation.tab.board' })}
      aria-rowcount={guides.length + 1}
      onScroll={sync}
      onDragOver={(e) => {
        const row = guideAt(e.target);
        if (!canAllocate || !row) return;
        e.preventDefault();
        if (dropTarget !== row.guide.guideId) onDropTarget(row.guide.guideId);
      }}
      onDragLeave={(e) => {
        // Left the row itself, not only one of its children for another.
        const row = guideAt(e.target);
        if (!row || dropTarget !== row.guide.guideId) return;
        if (!(e.relatedTarget instanceof Node && row.el.contains(e.relatedTarget)))
          onDropTarget(null);
      }}
      onDrop={(e) => {
        const row = guideAt(e.target);
        if (!row) return;
        e.preventDefault();
        onDropTarget(null);
        const teamId = Number(e.dataTransfer.getData(TEAM_MIME));
        if (canAllocate && teamId) onAssign(row.guide, teamId);
      }}
      onKeyDown={(e) => {
        const row = guideAt(e.target);
        if (!row) return;
        if (e.key === 'Enter' && picked && canAllocate && !onBar(e.target))
          onAssign(row.guide, picked.id);
        if (e.key === 'Escape') onEscape();
      }}
      onClick={(e) => {
        const row = guideAt(e.target);
        if (row && picked && canAllocate && !onBar(e.target)) onAssign(row.guide, picked.id);
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
        <BoardHeader days={days} today={today} total={total} />
        {rows}
      </div>
      {guides.length === 0 && !loading && (
        <Empty
          style={{ paddingTop: 48 }}
          description={intl.formatMessage({ id: 'allocation.board.noGuides' })}
        />
      )}
    </div>
  );
}

/** The header row: the guide column (with the count) and a column per day. */
const BoardHeader = memo(function BoardHeader(props: {
  days: readonly string[];
  today: string;
  total: number;
}) {
  const { days, today, total } = props;
  const intl = useIntl();
  const width = NAME_W + days.length * DAY_W;
  return (
    <div
      role="row"
      aria-rowindex={1}
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
        {intl.formatMessage({ id: 'allocation.board.guide' }, { count: total })}
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
          {intl.formatDate(`${d}T00:00:00Z`, { weekday: 'short', timeZone: 'UTC' })}
        </div>
      ))}
    </div>
  );
});

const ELLIPSIS: CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};

/** The workload, drawn as a small tag (a plain element: one per row). */
const WORKLOAD: CSSProperties = {
  flex: '0 0 auto',
  padding: '0 6px',
  fontSize: 12,
  lineHeight: '20px',
  borderRadius: 2,
  color: 'var(--color-text-1)',
  background: 'var(--color-fill-2)',
  border: '1px solid transparent',
};

interface BoardRowProps {
  guide: BoardGuide;
  index: number;
  greyed: boolean;
  target: boolean;
  /** Tab reaches the row: a team is picked and the user may allocate. */
  focusable: boolean;
  /** The picked team, on a greyed row: hovering says why the guide cannot take it. */
  whyNot: WaitingTeam | null;
  days: readonly string[];
  todayIndex: number;
  onOpenTeam(teamId: number): void;
}

/**
 * One guide's row. Memoised on plain props: a scroll mounts the rows coming into view and leaves
 * the others as they are (the day grid is one background, not a cell per day).
 */
const BoardRow = memo(function BoardRow(props: BoardRowProps) {
  const { guide, index, greyed, target, focusable, whyNot, days, todayIndex } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const enumLabel = useEnumLabel();
  const width = NAME_W + days.length * DAY_W;
  const background = target ? 'var(--color-primary-light-1)' : 'var(--color-bg-2)';
  const meta = `${guide.code} · ${enumLabel('level', guide.level)}`;

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
      aria-rowindex={index + 2}
      tabIndex={focusable ? 0 : -1}
      aria-label={t('allocation.board.rowAria', { name: guide.name, code: guide.code })}
      data-testid={`board-row-${guide.code}`}
      data-row-index={index}
      data-greyed={greyed}
      style={{
        position: 'absolute',
        top: HEADER_H + index * ROW_H,
        left: 0,
        height: ROW_H,
        width,
        display: 'flex',
        borderBottom: '1px solid var(--color-border-1)',
        opacity: greyed ? 0.45 : 1,
        background,
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
          <span style={{ ...ELLIPSIS, color: 'var(--color-text-1)' }} title={guide.name}>
            {guide.name}
          </span>
          <span
            style={{ ...ELLIPSIS, fontSize: 12, color: 'var(--color-text-2)' }}
            title={meta}
            data-testid={`board-guide-meta-${guide.code}`}
          >
            {meta}
          </span>
        </div>
        <span style={WORKLOAD} title={t('allocation.board.workload')}>
          {t('allocation.board.days', { days: guide.workloadDays })}
        </span>
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
  if (!whyNot) return row;
  return (
    <Popover
      trigger="hover"
      position="top"
      title={t('allocation.board.whyNot', { name: guide.name, code: whyNot.code })}
      content={<WhyNot team={whyNot} guide={guide} />}
    >
      {row}
    </Popover>
  );
});
