// The read-only cards of the guide profile: identity and licence from GUIDE_FIELD_SPECS,
// languages, certifications (the teams led and feedback are TeamRecords.tsx).
import { Alert, Card, Empty, Space, Table, Tag } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  GUIDE_FIELD_SPECS,
  GUIDE_LIMITS,
  isoToday,
  licenceState,
  type Guide,
} from '@console/shared';
import { SpecCard } from '@console/shared/components/field-specs';
import { useEnumLabel, type Dictionaries } from '../../hooks';
import { upFrom } from '@console/shared/components/responsive';

const STATE_COLOR = { expired: 'red', expiring: 'orange', valid: 'green' } as const;

export function LicenceTag({ expiry }: { expiry: string }) {
  const intl = useIntl();
  const state = licenceState(expiry);
  return (
    <Tag color={STATE_COLOR[state]} data-testid="licence-tag">
      {intl.formatMessage(
        { id: `guide.licence.${state}` },
        { days: GUIDE_LIMITS.expiryWarningDays },
      )}
    </Tag>
  );
}

export function IdentityCard({ guide }: { guide: Guide }) {
  const intl = useIntl();
  return (
    <SpecCard
      specs={GUIDE_FIELD_SPECS}
      groups={['identity', 'contact']}
      record={guide}
      title={intl.formatMessage({ id: 'guide.profile.identity' })}
      column={upFrom({ xs: 1, md: 2, xxl: 3 })}
      extra={
        guide.statusReason
          ? [
              {
                label: intl.formatMessage({ id: 'guide.profile.statusReason' }),
                value: guide.statusReason,
              },
            ]
          : []
      }
    />
  );
}

export function LicenceCard({ guide }: { guide: Guide }) {
  const intl = useIntl();
  const state = licenceState(guide.licenceExpiry);
  return (
    <SpecCard
      specs={GUIDE_FIELD_SPECS}
      groups={['licence']}
      record={guide}
      title={intl.formatMessage({ id: 'guide.profile.licence' })}
      slots={{
        licenceExpiry: (
          <Space>
            {guide.licenceExpiry}
            <LicenceTag expiry={guide.licenceExpiry} />
          </Space>
        ),
      }}
    >
      {state !== 'valid' && (
        <Alert
          style={{ marginBottom: 16 }}
          type={state === 'expired' ? 'error' : 'warning'}
          content={intl.formatMessage(
            {
              id:
                state === 'expired' ? 'guide.licence.expiredAlert' : 'guide.licence.expiringAlert',
            },
            { date: guide.licenceExpiry },
          )}
        />
      )}
    </SpecCard>
  );
}

export function SkillsCard({ guide, dict }: { guide: Guide; dict: Dictionaries }) {
  const intl = useIntl();
  const label = useEnumLabel();
  return (
    <Card title={intl.formatMessage({ id: 'guide.profile.languages' })}>
      <Space wrap style={{ marginBottom: 12 }}>
        {guide.languages.map((l) => (
          <Tag key={l.language} color="arcoblue">
            {dict.languageLabel(l.language)} · {label('proficiency', l.proficiency)}
          </Tag>
        ))}
      </Space>
      <div>
        <Space wrap>
          {guide.specialties.map((s) => (
            <Tag key={s}>{dict.specialtyLabel(s)}</Tag>
          ))}
        </Space>
      </div>
    </Card>
  );
}

export function CertificationsCard({ guide }: { guide: Guide }) {
  const intl = useIntl();
  const today = isoToday();
  return (
    <Card title={intl.formatMessage({ id: 'guide.profile.certifications' })}>
      <Table
        rowKey="spotId"
        size="small"
        pagination={false}
        data={guide.certifications}
        noDataElement={
          <Empty description={intl.formatMessage({ id: 'guide.profile.noCertifications' })} />
        }
        columns={[
          {
            title: intl.formatMessage({ id: 'guide.field.spot' }),
            dataIndex: 'spotName',
            render: (_: unknown, c: Guide['certifications'][number]) =>
              c.spotName ?? `#${c.spotId}`,
          },
          {
            title: intl.formatMessage({ id: 'guide.field.validUntil' }),
            dataIndex: 'validUntil',
            render: (v: string) => (
              <Space>
                {v}
                {v < today ? (
                  <Tag color="red">{intl.formatMessage({ id: 'guide.licence.expired' })}</Tag>
                ) : (
                  <LicenceTag expiry={v} />
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
