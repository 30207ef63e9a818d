// The live event stream (the seed's "live method tabs": all / teams / scenic / alerts): each
// event since the page opened as a sentence in the reader's language.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Empty, Tabs, Typography } from '@arco-design/web-react';
import type { MonitorBoard } from '@console/shared';
import { operationClock } from '@console/shared/i18n';
import { inTab, type EventTab, type FeedEntry } from './useEventFeed';
import { eventSentence } from './eventSentence';

const TABS: EventTab[] = ['all', 'teams', 'scenic', 'alerts'];

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
        style={{ height: 200, overflowY: 'auto' }}
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
