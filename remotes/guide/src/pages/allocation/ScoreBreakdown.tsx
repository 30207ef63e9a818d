// A guide's score (0–100) as a bar, and its breakdown by soft preference: weight, the guide's
// value on it and the points it adds (contract: scorePart, SOFT_PREFERENCE_TEXT).
import { Popover, Progress, Table, Tag } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  SOFT_PREFERENCE_TEXT,
  resolveLocale,
  type RuleBreach,
  type ScorePart,
} from '@console/shared';

export function ScoreBreakdown({ breakdown }: { breakdown: readonly ScorePart[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const locale = resolveLocale(intl.locale);
  return (
    <Table<ScorePart>
      size="mini"
      rowKey="preference"
      pagination={false}
      data={[...breakdown]}
      data-testid="score-breakdown"
      noDataElement={t('allocation.noBreakdown')}
      columns={[
        {
          title: t('allocation.pref'),
          render: (_: unknown, p: ScorePart) => SOFT_PREFERENCE_TEXT[p.preference].title[locale],
        },
        { title: t('allocation.weight'), dataIndex: 'weight', width: 64 },
        {
          title: t('allocation.value'),
          width: 120,
          render: (_: unknown, p: ScorePart) =>
            `${Math.round(p.value * 100)} %${p.fact === null || p.fact === '' ? '' : ` (${String(p.fact)})`}`,
        },
        {
          title: t('allocation.contribution'),
          width: 80,
          render: (_: unknown, p: ScorePart) => `+${p.contribution.toFixed(1)}`,
        },
      ]}
    />
  );
}

/** The score bar; hovering or focusing it shows the breakdown. */
export function ScoreBar(props: { score: number; breakdown: readonly ScorePart[] }) {
  const intl = useIntl();
  return (
    <Popover
      trigger={['hover', 'focus']}
      content={<ScoreBreakdown breakdown={props.breakdown} />}
      style={{ maxWidth: 480 }}
    >
      <span
        tabIndex={0}
        aria-label={intl.formatMessage(
          { id: 'allocation.scoreAria' },
          { score: props.score.toFixed(1) },
        )}
        style={{ display: 'inline-block', width: 140 }}
      >
        <Progress
          size="small"
          percent={Math.round(Math.max(0, Math.min(100, props.score)))}
          formatText={() => props.score.toFixed(1)}
        />
      </span>
    </Popover>
  );
}

/** Every hard rule a guide breaks, as red tags with the rule's message in the user's language. */
export function BreachTags({ breaches }: { breaches: readonly RuleBreach[] }) {
  const intl = useIntl();
  const locale = resolveLocale(intl.locale);
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {breaches.map((b) => (
        <Tag key={b.rule} size="small" color="red" data-rule={b.rule}>
          {b.message[locale]}
        </Tag>
      ))}
    </span>
  );
}
