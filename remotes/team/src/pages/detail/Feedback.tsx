// Feedback after the tour (completed teams): a score 1–5 and a comment per assigned guide.
import { useState } from 'react';
import {
  Button,
  Card,
  Empty,
  Input,
  Message,
  Rate,
  Space,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { TEAM_LIMITS, feedbackBody, type Team } from '@console/shared';
import { useSaveFeedbackMutation } from '../../api';
import { useIssueText } from '../../hooks';
import { operationDateTime } from '@console/shared/i18n';

function GuideFeedback(props: {
  team: Team;
  guideId: number;
  guideName: string;
  canWrite: boolean;
}) {
  const { team, guideId } = props;
  const intl = useIntl();
  const issueText = useIssueText();
  const given = team.feedback.find((f) => f.guideId === guideId);
  const [score, setScore] = useState(given?.score ?? 0);
  const [comment, setComment] = useState(given?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saveFeedback, { isLoading: saving }] = useSaveFeedbackMutation();

  const save = async () => {
    const parsed = feedbackBody.safeParse({ guideId, score, comment });
    if (!parsed.success) {
      setError(issueText(parsed.error.issues[0] as never));
      return;
    }
    try {
      await saveFeedback({ id: team.id, body: parsed.data }).unwrap();
      Message.success(intl.formatMessage({ id: 'team.feedback.saved' }));
    } catch {
      /* shown by the client */
    }
  };

  return (
    <Card size="small" title={props.guideName} data-testid={`feedback-${guideId}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Rate
          value={score}
          readonly={!props.canWrite}
          onChange={(v) => {
            setScore(v);
            setError(null);
          }}
        />
        {props.canWrite ? (
          <Input.TextArea
            value={comment}
            onChange={setComment}
            maxLength={TEAM_LIMITS.feedbackCommentMax}
            showWordLimit
            placeholder={intl.formatMessage({ id: 'team.feedback.comment' })}
          />
        ) : (
          <Typography.Paragraph>{given?.comment || '—'}</Typography.Paragraph>
        )}
        {error && <Typography.Text type="error">{error}</Typography.Text>}
        {given && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {intl.formatMessage(
              { id: 'team.feedback.by' },
              {
                user: given.createdBy ?? '—',
                at: operationDateTime(given.createdAt),
              },
            )}
          </Typography.Text>
        )}
        {props.canWrite && (
          <Button type="primary" size="small" loading={saving} onClick={save}>
            {intl.formatMessage({ id: 'team.action.save' })}
          </Button>
        )}
      </Space>
    </Card>
  );
}

export function Feedback(props: { team: Team; canWrite: boolean }) {
  const { team } = props;
  const intl = useIntl();
  if (team.status !== 'completed')
    return <Empty description={intl.formatMessage({ id: 'team.feedback.notYet' })} />;
  // One card per guide who led the team (replaced ones too: they worked part of it).
  const guides = new Map<number, string>();
  for (const a of team.assignments)
    if (a.status !== 'cancelled') guides.set(a.guideId, `${a.guideName}（${a.guideCode}）`);
  if (guides.size === 0)
    return <Empty description={intl.formatMessage({ id: 'team.feedback.noGuides' })} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="feedback">
      {[...guides].map(([guideId, name]) => (
        <GuideFeedback
          key={guideId}
          team={team}
          guideId={guideId}
          guideName={name}
          canWrite={props.canWrite}
        />
      ))}
    </Space>
  );
}
