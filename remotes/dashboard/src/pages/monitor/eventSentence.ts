// One live event as a sentence in the reader's language (the monitor's event stream).
import type { IntlShape } from 'react-intl';
import { TEAM_ENUM_LABELS, type Locale } from '@console/shared';
import type { FeedEntry } from './useEventFeed';

export function eventSentence(
  entry: FeedEntry,
  intl: IntlShape,
  spotName: (id: number) => string,
): string {
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { event } = entry;
  const team = (id: number) => (entry.team ? `${entry.team.code} ${entry.team.name}` : `#${id}`);
  switch (event.type) {
    case 'team.status.changed': {
      const status = entry.team?.status;
      if (!status) return t('monitor.event.teamStatusUnknown', { team: team(event.teamId) });
      const labels = TEAM_ENUM_LABELS.status as Record<string, Record<Locale, string>>;
      return t('monitor.event.teamStatus', {
        team: team(event.teamId),
        status: labels[status]?.[intl.locale as Locale] ?? status,
      });
    }
    case 'team.assignment.made':
      return t('monitor.event.assigned', { team: team(event.teamId) });
    case 'team.assignment.removed':
      return t('monitor.event.unassigned', { team: team(event.teamId) });
    case 'scenic.load.changed':
      return entry.load
        ? t('monitor.event.load', {
            spot: spotName(event.spotId),
            inPark: entry.load.inPark.toLocaleString(),
            percent: entry.load.percent,
          })
        : t('monitor.event.loadUnknown', { spot: spotName(event.spotId) });
    case 'scenic.load.crossed': {
      const line = event.line === 'full' ? 'Full' : 'Warning';
      const dir = event.direction === 'up' ? 'Up' : 'Down';
      return t(`monitor.event.crossed${line}${dir}`, { spot: spotName(event.spotId) });
    }
    case 'scenic.maintenance.started':
      return t('monitor.event.maintenanceStarted', { spot: spotName(event.spotId) });
    case 'scenic.maintenance.ended':
      return t('monitor.event.maintenanceEnded', { spot: spotName(event.spotId) });
    case 'chat.message.created':
      return t('monitor.event.chat');
    case 'message.created':
      return t('monitor.event.message');
    case 'resync':
      return t('monitor.event.resync');
  }
}
