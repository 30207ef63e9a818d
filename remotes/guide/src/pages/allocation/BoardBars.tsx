// The board's bars (issue 29 item 4): a team's bar says its name and pax (its code in the title),
// and its status shows by icon, fill pattern and border as well as colour — allocated (upcoming)
// solid with a clock, ongoing with a heavy leading edge and a play mark, completed hatched with
// a tick — so it reads without colour too; leave is a plain orange bar. The legend draws the same.
import { memo, type CSSProperties, type ReactNode } from 'react';
import { Space, Typography } from '@arco-design/web-react';
import { IconCheck, IconClockCircle, IconPlayArrowFill } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import { resolveLocale, TEAM_ENUM_LABELS, type BoardBar, type TeamStatus } from '@console/shared';

/** The statuses a guide's bar shows apart (the others take the allocated look). */
export const BAR_STATUSES = ['allocated', 'ongoing', 'completed'] as const;
type BarStatus = (typeof BAR_STATUSES)[number];

const barStatus = (s: TeamStatus | null): BarStatus =>
  s === 'ongoing' || s === 'completed' ? s : 'allocated';

const BAR_LOOK: Record<BarStatus, { style: CSSProperties; icon: ReactNode }> = {
  allocated: {
    style: { background: 'rgb(var(--primary-6))', color: 'var(--color-white)' },
    icon: <IconClockCircle aria-hidden />,
  },
  ongoing: {
    style: {
      background: 'rgb(var(--green-6))',
      color: 'var(--color-white)',
      borderLeft: '5px solid rgb(var(--green-9))',
      fontWeight: 600,
    },
    icon: <IconPlayArrowFill aria-hidden />,
  },
  completed: {
    style: {
      color: 'var(--color-text-1)',
      background:
        'repeating-linear-gradient(135deg, var(--color-fill-3) 0 6px, var(--color-fill-1) 6px 12px)',
      boxShadow: 'inset 0 0 0 1px var(--color-border-3)',
    },
    icon: <IconCheck aria-hidden />,
  },
};

const BASE: CSSProperties = {
  position: 'absolute',
  borderRadius: 4,
  padding: '0 6px',
  fontSize: 12,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  border: 'none',
  textAlign: 'left',
  display: 'flex',
  alignItems: 'center',
  gap: 4,
};

export function useStatusLabel() {
  const { locale } = useIntl();
  return (s: TeamStatus) => TEAM_ENUM_LABELS.status[s][resolveLocale(locale)];
}

/** A team's bar: its name and pax; code, status and dates in its title and accessible name. */
export const TeamBar = memo(function TeamBar(props: {
  bar: BoardBar;
  box: CSSProperties;
  onOpen(id: number): void;
}) {
  const { bar, box } = props;
  const intl = useIntl();
  const statusLabel = useStatusLabel();
  const status = barStatus(bar.status);
  const look = BAR_LOOK[status];
  const pax = intl.formatMessage({ id: 'allocation.board.pax' }, { pax: bar.pax });
  const title = intl.formatMessage(
    { id: 'allocation.board.barTitle' },
    {
      code: bar.label,
      name: bar.name,
      pax: bar.pax,
      status: statusLabel(bar.status ?? status),
      from: bar.from,
      to: bar.to,
    },
  );
  return (
    <button
      type="button"
      style={{ ...BASE, ...box, ...look.style, cursor: 'pointer' }}
      title={title}
      aria-label={title}
      data-testid={`bar-${bar.label}`}
      data-board-bar
      data-status={status}
      onClick={() => props.onOpen(bar.id)}
    >
      {look.icon}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {bar.name} · {pax}
      </span>
    </button>
  );
});

export function LeaveBar(props: {
  label: string;
  title: string;
  box: CSSProperties;
  testId: string;
}) {
  return (
    <div
      style={{
        ...BASE,
        ...props.box,
        color: 'var(--color-text-1)',
        background: 'rgb(var(--orange-3))',
        cursor: 'default',
      }}
      title={props.title}
      data-testid={props.testId}
    >
      {props.label}
    </div>
  );
}

/** The bars' key: one sample of each look, named. */
export function BarLegend() {
  const intl = useIntl();
  const statusLabel = useStatusLabel();
  const sample = (content: ReactNode, style: CSSProperties, key: string) => (
    <span
      key={key}
      data-testid={`legend-${key}`}
      style={{ ...BASE, position: 'static', height: 22, display: 'inline-flex', ...style }}
    >
      {content}
    </span>
  );
  return (
    <Space wrap size={12} data-testid="board-legend">
      {BAR_STATUSES.map((s) =>
        sample(
          <>
            {BAR_LOOK[s].icon}
            {statusLabel(s)}
          </>,
          BAR_LOOK[s].style,
          s,
        ),
      )}
      {sample(
        intl.formatMessage({ id: 'allocation.board.legendLeave' }),
        { background: 'rgb(var(--orange-3))', color: 'var(--color-text-1)' },
        'leave',
      )}
      <Typography.Text type="secondary">
        {intl.formatMessage({ id: 'allocation.board.legend' })}
      </Typography.Text>
    </Space>
  );
}
