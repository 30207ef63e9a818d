// A guide's score (0–100) as a bar, and its breakdown by soft preference: weight, the guide's
// value on it and the points it adds (contract: scorePart, SOFT_PREFERENCE_TEXT).
import { Popover, Progress, Table, Tag } from '@arco-design/web-react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  GUIDE_ENUM_LABELS,
  SOFT_PREFERENCE_TEXT,
  resolveLocale,
  type RuleBreach,
  type ScorePart,
} from '@console/shared';

/**
 * The fact behind a preference's value in words (issue 26 item 3: the codes "no", "fluent"
 * showed as they are): proficiency by the guide labels, continuity as yes / no, days as days.
 */
export function scoreFactText(part: ScorePart, intl: IntlShape): string {
  const { fact } = part;
  if (fact === null || fact === '') return '';
  const locale = resolveLocale(intl.locale);
  switch (part.preference) {
    case 'continuity':
      return intl.formatMessage({
        id: fact === 'yes' ? 'allocation.fact.yes' : 'allocation.fact.no',
      });
    case 'language': {
      const label = (
        GUIDE_ENUM_LABELS.proficiency as Record<string, { 'zh-CN': string; 'en-US': string }>
      )[String(fact)];
      return label ? label[locale] : String(fact);
    }
    case 'fairness':
      return intl.formatMessage({ id: 'allocation.fact.daysWorked' }, { days: Number(fact) });
    case 'rating':
      return intl.formatMessage({ id: 'allocation.fact.rating' }, { rating: String(fact) });
    default:
      return String(fact);
  }
}

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
          width: 150,
          render: (_: unknown, p: ScorePart) => {
            const fact = scoreFactText(p, intl);
            return `${Math.round(p.value * 100)} %${fact ? ` (${fact})` : ''}`;
          },
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
          aria-label={intl.formatMessage(
            { id: 'allocation.scoreAria' },
            { score: props.score.toFixed(1) },
          )}
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
