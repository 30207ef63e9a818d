// The live event stream (the seed's "live method tabs": all / teams / scenic / alerts): each
// event since the page opened as a sentence in the reader's language.
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Card, Empty, Tabs, Typography } from '@arco-design/web-react';
import { TEAM_ENUM_LABELS, type Locale, type MonitorBoard } from '@console/shared';
import { operationClock } from '@console/shared/i18n';
import { inTab, type EventTab, type FeedEntry } from './useEventFeed';

const TABS: EventTab[] = ['all', 'teams', 'scenic', 'alerts'];

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

export function EventStream({
  entries,
  board,
}: {
  entries: FeedEntry[];
  board: MonitorBoard | undefined;
}) {
  const intl = useIntl();
  const [tab, setTab] = useState<EventTab>('all');
  const names = new Map(board?.spots.map((s) => [s.id, s.name]));
  const spotName = (id: number) => names.get(id) ?? `#${id}`;
  const shown = entries.filter((e) => inTab(e, tab));
  const alert = (e: FeedEntry) =>
    (e.event.type === 'scenic.load.crossed' && e.event.direction === 'up') ||
    e.event.type === 'scenic.maintenance.started';

  return (
    <Card title={intl.formatMessage({ id: 'monitor.events.title' })} bodyStyle={{ paddingTop: 0 }}>
      <Tabs activeTab={tab} onChange={(k) => setTab(k as EventTab)}>
        {TABS.map((k) => (
          <Tabs.TabPane key={k} title={intl.formatMessage({ id: `monitor.events.${k}` })} />
        ))}
      </Tabs>
      <div
        style={{ height: 260, overflowY: 'auto' }}
        data-testid="event-stream"
        role="log"
        aria-live="polite"
        tabIndex={0}
      >
        {shown.length === 0 ? (
          <Empty description={intl.formatMessage({ id: 'monitor.events.empty' })} />
        ) : (
          shown.map((e) => (
            <div
              key={e.key}
              style={{ padding: '4px 0', borderBottom: '1px solid var(--color-border-1)' }}
            >
              <Typography.Text type="secondary" style={{ marginRight: 8 }}>
                {operationClock(e.at)}
              </Typography.Text>
              <Typography.Text type={alert(e) ? 'warning' : undefined}>
                {eventSentence(e, intl, spotName)}
              </Typography.Text>
            </div>
          ))
        )}
      </div>
    </Card>
  );
}
