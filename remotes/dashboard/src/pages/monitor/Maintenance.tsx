// A spot under maintenance shows that state, not a crowding band (issue 26 item 13): the
// capacity during the window, 0 = closed (product.md, "Scenic spot").
import { useIntl } from 'react-intl';
import { Tag, Typography } from '@arco-design/web-react';
import type { ScenicStatus } from '@console/shared';
import { operationDateTime } from '@console/shared/i18n';

/** The window in force now, as the board and the spot panel know it. */
export interface MaintenanceNow {
  capacity: number | null;
  endAt: string | null;
}

/** The maintenance in force for a spot: its window, or its status alone; null when none. */
export function maintenanceNow(
  status: ScenicStatus,
  window: { capacity: number; endAt: string } | null | undefined,
): MaintenanceNow | null {
  if (window) return { capacity: window.capacity, endAt: window.endAt };
  return status === 'maintenance' ? { capacity: null, endAt: null } : null;
}

export function MaintenanceTag({ now, testId }: { now: MaintenanceNow; testId?: string }) {
  const intl = useIntl();
  const text =
    now.capacity === null
      ? intl.formatMessage({ id: 'monitor.maintenance.state' })
      : now.capacity === 0
        ? intl.formatMessage({ id: 'monitor.maintenance.closed' })
        : intl.formatMessage(
            { id: 'monitor.maintenance.limited' },
            { capacity: intl.formatNumber(now.capacity) },
          );
  return (
    <Tag color="purple" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Tag>
  );
}

export function MaintenanceUntil({ now }: { now: MaintenanceNow }) {
  const intl = useIntl();
  return (
    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
      {now.endAt
        ? intl.formatMessage(
            { id: 'monitor.maintenance.until' },
            { end: operationDateTime(now.endAt) },
          )
        : intl.formatMessage({ id: 'monitor.maintenance.state' })}
    </Typography.Text>
  );
}
