// The lifecycle moves a person may ask for on the team detail (MANUAL_TRANSITIONS). A move that
// waits for a day of the team's period (start on or after the first day, complete on or after
// the last: `teamCalendarBreach`, the rule the server keeps; issue 25 defect 5) is disabled
// before that day, with the rule's reason beside it.
import { Button, Space, Typography } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  MANUAL_TRANSITIONS,
  resolveLocale,
  teamCalendarBreach,
  type Team,
  type TeamStatus,
} from '@console/shared';
import { transitionActionId } from '../components/TransitionModal';

export function Moves(props: {
  team: Team;
  canWrite: boolean;
  /** The time the page reads (tests move it); now by default. */
  now?: Date;
  onMove(to: TeamStatus): void;
  /** Open the guide picker; given only to a person with team:allocate. */
  onAssign?: () => void;
}) {
  const { team } = props;
  const intl = useIntl();
  const locale = resolveLocale(intl.locale);
  const moves = props.canWrite ? MANUAL_TRANSITIONS[team.status] : [];
  const now = props.now ?? new Date();
  const assign = team.status === 'pending' ? props.onAssign : undefined;
  return (
    <Space wrap align="start">
      {assign && (
        <Button type="primary" onClick={assign} data-testid="detail-assign">
          {intl.formatMessage({ id: 'team.assign.add' })}
        </Button>
      )}
      {moves.map((to) => {
        const breach = teamCalendarBreach(team, to, now);
        const button = (
          <Button
            key={to}
            status={to === 'cancelled' ? 'danger' : undefined}
            type={to === 'cancelled' || assign ? 'secondary' : 'primary'}
            disabled={breach !== null}
            onClick={() => props.onMove(to)}
            data-testid={`move-${to}`}
            aria-describedby={breach ? `move-${to}-reason` : undefined}
          >
            {intl.formatMessage({ id: transitionActionId(to) })}
          </Button>
        );
        if (!breach) return button;
        return (
          <Space key={to} direction="vertical" size={2} align="end">
            {button}
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12 }}
              id={`move-${to}-reason`}
              data-testid={`move-${to}-reason`}
              data-rule={breach.rule}
            >
              {breach.message[locale]}
            </Typography.Text>
          </Space>
        );
      })}
    </Space>
  );
}
