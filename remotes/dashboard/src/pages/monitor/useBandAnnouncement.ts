// Issue 28 item 4: the live load board tells a screen reader what changed, politely and not on
// every reading — a spot whose load band changed, gathered and said at most once per
// ANNOUNCE_EVERY_MS. The first load says nothing (the table is there to be read).
import { useEffect, useRef, useState } from 'react';
import type { MonitorBoardSpot } from '@console/shared';

export const ANNOUNCE_EVERY_MS = 30_000;

export function useBandAnnouncement(
  spots: readonly MonitorBoardSpot[] | undefined,
  say: (changed: readonly MonitorBoardSpot[]) => string,
): string {
  const bands = useRef<Map<number, string> | null>(null);
  const pending = useRef(new Map<number, MonitorBoardSpot>());
  const lastSaid = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [text, setText] = useState('');
  const sayRef = useRef(say);
  sayRef.current = say;

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  useEffect(() => {
    if (!spots) return;
    const before = bands.current;
    bands.current = new Map(spots.map((s) => [s.id, s.load.band]));
    if (!before) return;
    for (const s of spots)
      if (before.has(s.id) && before.get(s.id) !== s.load.band) pending.current.set(s.id, s);
    if (pending.current.size === 0 || timer.current) return;
    const flush = () => {
      timer.current = null;
      lastSaid.current = Date.now();
      setText(sayRef.current([...pending.current.values()]));
      pending.current.clear();
    };
    timer.current = setTimeout(
      flush,
      Math.max(0, lastSaid.current + ANNOUNCE_EVERY_MS - Date.now()),
    );
  }, [spots]);

  return text;
}
