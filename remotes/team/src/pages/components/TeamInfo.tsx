// The team's information as read-only cards (review step and detail page), generated from the
// contract's TEAM_FIELD_SPECS (issue 27): one row per field the spec puts on the card, in its
// order; the composite rows — the pax total with its split, the period, the pickup point with
// its time, a contact with their phone — are this view's slots.
import { Grid, Space } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { TEAM_FIELD_SPECS, type Team } from '@console/shared';
import { SpecCard } from '@console/shared/components/field-specs';
import { upFrom } from '@console/shared/components/responsive';
import { useTeamDictionaries } from '../../hooks';

const joined = (...parts: string[]) => parts.filter(Boolean).join(' ') || '-';

export function TeamInfo({ team }: { team: Team }) {
  const intl = useIntl();
  const dict = useTeamDictionaries();
  const t = (id: string) => intl.formatMessage({ id: `team.field.${id}` });
  const card = (group: string) => intl.formatMessage({ id: `team.group.${group}` });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="team-info">
      <SpecCard
        specs={TEAM_FIELD_SPECS}
        groups={['basic', 'pax']}
        record={team}
        title={card('basic')}
        testId="team-card-basic"
        column={upFrom({ xs: 1, md: 2, xl: 3 })}
        dictionaryLabel={dict.label}
        labels={{ paxAdults: t('pax') }}
        slots={{
          paxAdults: intl.formatMessage(
            { id: 'team.info.pax' },
            {
              total: team.pax,
              adults: team.paxAdults,
              children: team.paxChildren,
              seniors: team.paxSeniors,
            },
          ),
        }}
        extra={[{ label: t('code'), value: team.code }]}
      />
      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} lg={12}>
          <SpecCard
            specs={TEAM_FIELD_SPECS}
            groups={['period']}
            record={team}
            title={card('period')}
            testId="team-card-period"
            column={1}
            labels={{ startDate: t('period'), pickupPoint: t('pickup') }}
            slots={{
              startDate: `${team.startDate} ~ ${team.endDate}`,
              pickupPoint: joined(team.pickupPoint, team.pickupTime),
            }}
          />
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <SpecCard
            specs={TEAM_FIELD_SPECS}
            groups={['contacts', 'notes']}
            record={team}
            title={card('contacts')}
            testId="team-card-contacts"
            column={1}
            labels={{ leadContactName: t('leadContact'), escortName: t('escort') }}
            slots={{
              leadContactName: joined(team.leadContactName, team.leadContactPhone),
              escortName: joined(team.escortName, team.escortPhone),
            }}
          />
        </Grid.Col>
      </Grid.Row>
    </Space>
  );
}
