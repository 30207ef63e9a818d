// A manual lifecycle move (MANUAL_TRANSITIONS): confirmation, and a reason when the move needs
// one (cancel). A move asked before its day (start before the first day, complete before the
// last: teamCalendarBreach) says why and cannot be confirmed. The server checks the table and
// the calendar again and answers 409.
import { useEffect, useState } from 'react';
import { Alert, Input, Message, Modal } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  resolveLocale,
  TEAM_LIMITS,
  teamCalendarBreach,
  TRANSITIONS_NEEDING_REASON,
  teamTransitionBody,
  type Team,
  type TeamStatus,
} from '@console/shared';
import { useTransitionTeamMutation } from '../../api';
import { useIssueText, useTeamLabel } from '../../hooks';

export interface TransitionRequest {
  team: {
    id: number;
    name: string;
    code: string;
    status: TeamStatus;
    version: number;
    startDate: string;
    endDate: string;
  };
  to: TeamStatus;
}

/** The label of the button asking for a move (to → action text). */
export const transitionActionId = (to: TeamStatus) => `team.transition.${to}`;

export function TransitionModal(props: {
  request: TransitionRequest | null;
  onClose(): void;
  onDone(team: Team): void;
}) {
  const { request } = props;
  const intl = useIntl();
  const label = useTeamLabel();
  const issueText = useIssueText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [transition, { isLoading: saving }] = useTransitionTeamMutation();
  const needsReason = !!request && TRANSITIONS_NEEDING_REASON.includes(request.to);
  const tooEarly = request ? teamCalendarBreach(request.team, request.to, new Date()) : null;

  useEffect(() => {
    setReason('');
    setError(null);
  }, [request]);

  const submit = async () => {
    if (!request) return;
    const parsed = teamTransitionBody.safeParse({
      to: request.to,
      reason,
      version: request.team.version,
    });
    if (!parsed.success) {
      setError(issueText(parsed.error.issues[0] as never));
      return;
    }
    try {
      const team = await transition({ id: request.team.id, body: parsed.data }).unwrap();
      Message.success(
        intl.formatMessage({ id: 'team.message.moved' }, { status: label('status', team.status) }),
      );
      props.onDone(team);
    } catch {
      /* the client showed the server's message (illegal move, incomplete itinerary …) */
    }
  };

  return (
    <Modal
      title={
        request
          ? intl.formatMessage(
              { id: 'team.transition.title' },
              {
                action: intl.formatMessage({ id: transitionActionId(request.to) }),
                name: `${request.team.name}（${request.team.code}）`,
              },
            )
          : ''
      }
      visible={!!request}
      onOk={submit}
      confirmLoading={saving}
      onCancel={props.onClose}
      okText={intl.formatMessage({ id: 'team.action.confirm' })}
      cancelText={intl.formatMessage({ id: 'team.action.cancel' })}
      okButtonProps={{
        status: request?.to === 'cancelled' ? 'danger' : undefined,
        disabled: tooEarly !== null,
      }}
      unmountOnExit
    >
      {request && (
        <div data-testid="transition-modal">
          <p>
            {intl.formatMessage(
              { id: 'team.transition.confirm' },
              { from: label('status', request.team.status), to: label('status', request.to) },
            )}
          </p>
          {tooEarly && (
            <Alert
              type="warning"
              content={tooEarly.message[resolveLocale(intl.locale)]}
              data-testid="transition-too-early"
            />
          )}
          {needsReason && (
            <>
              <Input.TextArea
                value={reason}
                onChange={(v) => {
                  setReason(v);
                  setError(null);
                }}
                maxLength={TEAM_LIMITS.reasonMax}
                showWordLimit
                placeholder={intl.formatMessage({ id: 'team.transition.reason' })}
                data-testid="transition-reason"
              />
              {error && <Alert type="error" style={{ marginTop: 8 }} content={error} />}
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
