// The live event stream's memory: the last EVENT_FEED_MAX events since the page opened, each
// with what its sentence needs (a spot's name and load, a team's code and new status), read
// once per event: load figures from the board's next refresh, team details from the API.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MonitorBoard, StreamedEvent } from '@console/shared';
import { monitorApi } from '../../monitorApi';

export const EVENT_FEED_MAX = 200;

export type EventTab = 'all' | 'teams' | 'scenic' | 'alerts';

export interface FeedEntry {
  key: number;
  at: number;
  event: StreamedEvent;
  team?: { code: string; name: string; status?: string };
  load?: { inPark: number; percent: number };
}

export function eventTab(event: StreamedEvent): Exclude<EventTab, 'all'> | null {
  if (event.type.startsWith('team.')) return 'teams';
  if (event.type === 'scenic.load.crossed' || event.type.startsWith('scenic.maintenance.'))
    return 'alerts';
  if (event.type.startsWith('scenic.')) return 'scenic';
  return null;
}

export function inTab(entry: FeedEntry, tab: EventTab): boolean {
  if (tab === 'all') return true;
  const own = eventTab(entry.event);
  // Alerts are scenic events too.
  return own === tab || (tab === 'scenic' && own === 'alerts');
}

export function useEventFeed(board: MonitorBoard | undefined) {
  const [entries, setEntries] = useState<FeedEntry[]>([]);
  const seq = useRef(0);

  const patch = useCallback((key: number, change: Partial<FeedEntry>) => {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
  }, []);

  const onEvent = useCallback(
    (event: StreamedEvent) => {
      const key = ++seq.current;
      setEntries((list) => [{ key, at: Date.now(), event }, ...list].slice(0, EVENT_FEED_MAX));
      if ('teamId' in event) {
        monitorApi
          .team(event.teamId)
          .then((team) =>
            patch(key, {
              team: {
                code: team.code,
                name: team.name,
                status: event.type === 'team.status.changed' ? team.status : undefined,
              },
            }),
          )
          .catch(() => undefined); // the sentence names the team by its id
      }
    },
    [patch],
  );

  // Load figures come with the board's refresh that the same event triggered.
  useEffect(() => {
    if (!board) return;
    const bySpot = new Map(board.spots.map((s) => [s.id, s.load]));
    setEntries((list) => {
      let changed = false;
      const next = list.map((e) => {
        if (e.event.type !== 'scenic.load.changed' || e.load) return e;
        const load = bySpot.get(e.event.spotId);
        if (!load || (load.at && Date.parse(load.at) < e.at - 60_000)) return e;
        changed = true;
        return { ...e, load: { inPark: load.inPark, percent: load.loadPercent } };
      });
      return changed ? next : list;
    });
  }, [board]);

  return { entries, onEvent };
}
