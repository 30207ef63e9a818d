// The spot's information on its detail page: one row per field of the contract's field specs
// (SCENIC_FIELD_SPECS), through a slot where the value is shown otherwise than stored (the
// code on one line, times with their zone, prices in yuan); the description under it.
import { useIntl } from 'react-intl';
import { Typography } from '@arco-design/web-react';
import { SCENIC_FIELD_SPECS, SCENIC_FORM_GROUPS, type ScenicSpot } from '@console/shared';
import { SpecCard } from '@console/shared/components/field-specs';
import { OPERATION_ZONE_LABEL } from '@console/shared/i18n';
import { useCategories, yuan } from '../../hooks';

export function SpotInfoCard({ spot }: { spot: ScenicSpot }) {
  const intl = useIntl();
  const categories = useCategories();
  const price = (fen: number) => intl.formatMessage({ id: 'scenic.price' }, { amount: yuan(fen) });
  return (
    <>
      <SpecCard
        specs={SCENIC_FIELD_SPECS}
        groups={SCENIC_FORM_GROUPS}
        record={spot}
        title={intl.formatMessage({ id: 'scenic.detail.info' })}
        testId="spot-info"
        dictionaryLabel={(_, value) => categories.label(value)}
        slots={{
          // A code is one token: never broken mid-way (issue #18 item 14).
          code: (
            <span style={{ whiteSpace: 'nowrap' }} data-testid="spot-code">
              {spot.code}
            </span>
          ),
          // Opening hours are the operation's local times, labelled with its zone.
          openTime: `${spot.openTime} (${OPERATION_ZONE_LABEL})`,
          closeTime: `${spot.closeTime} (${OPERATION_ZONE_LABEL})`,
          priceAdult: price(spot.priceAdult),
          priceChild: price(spot.priceChild),
        }}
      />
      {spot.description && (
        <Typography.Paragraph style={{ marginTop: 16 }} data-testid="spot-description">
          {spot.description}
        </Typography.Paragraph>
      )}
    </>
  );
}
