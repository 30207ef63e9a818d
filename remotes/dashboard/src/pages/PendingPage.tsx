import { useIntl } from 'react-intl';
import { SectionPending } from '@console/shared/section';

/** Until this section's own issue lands, its pages say so (the one allowed placeholder). */
export function PendingPage({ routeKey }: { routeKey: string }) {
  const intl = useIntl();
  return (
    <SectionPending
      routeKey={routeKey}
      description={intl.formatMessage({ id: 'dashboard.pending' })}
    />
  );
}
