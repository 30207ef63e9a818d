// The team's information as read-only descriptions (review step and detail page).
import { Descriptions, Tag } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { Team } from '@console/shared';
import { useTeamDictionaries } from '../../hooks';
import { upFrom } from '@console/shared/components/responsive';

export function TeamInfo({ team }: { team: Team }) {
  const intl = useIntl();
  const dict = useTeamDictionaries();
  const t = (id: string) => intl.formatMessage({ id: `team.field.${id}` });
  const dash = (v: string) => v || '—';
  return (
    <Descriptions
      column={upFrom({ xs: 1, sm: 2, lg: 3 })}
      data-testid="team-info"
      data={[
        { label: t('code'), value: team.code },
        { label: t('name'), value: team.name },
        {
          label: t('vip'),
          value: team.vip ? (
            <Tag color="gold" size="small">
              {intl.formatMessage({ id: 'team.field.vip' })}
            </Tag>
          ) : (
            intl.formatMessage({ id: 'team.common.no' })
          ),
        },
        { label: t('agency'), value: dict.agencyLabel(team.agency) },
        { label: t('agencyRef'), value: dash(team.agencyRef) },
        { label: t('market'), value: dict.marketLabel(team.market) },
        { label: t('language'), value: dict.languageLabel(team.language) },
        {
          label: t('pax'),
          value: intl.formatMessage(
            { id: 'team.info.pax' },
            {
              total: team.pax,
              adults: team.paxAdults,
              children: team.paxChildren,
              seniors: team.paxSeniors,
            },
          ),
        },
        { label: t('period'), value: `${team.startDate} ~ ${team.endDate}` },
        {
          label: t('pickup'),
          value: [team.pickupPoint, team.pickupTime].filter(Boolean).join(' ') || '—',
        },
        {
          label: t('leadContact'),
          value: `${team.leadContactName} ${team.leadContactPhone}`,
        },
        {
          label: t('escort'),
          value: [team.escortName, team.escortPhone].filter(Boolean).join(' ') || '—',
        },
        { label: t('notes'), value: dash(team.notes), span: 3 },
      ]}
    />
  );
}
