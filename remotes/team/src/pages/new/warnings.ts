// What the new-team form warns about without refusing it (issue 26 item 2): a period already
// begun or past, and itinerary visits that overlap on one day. Either may be meant — a
// dispatcher entering a tour that already ran, two spots visited together — so the form says
// why and lets the user go on.
import type { ItineraryRow } from '../components/Itinerary';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** How the period stands against today (operation days): entirely past, begun, or ahead. */
export function periodTense(
  startDate: unknown,
  endDate: unknown,
  today: string,
): 'past' | 'begun' | null {
  if (typeof startDate !== 'string' || !DAY.test(startDate) || startDate >= today) return null;
  return typeof endDate === 'string' && DAY.test(endDate) && endDate < today ? 'past' : 'begun';
}

export interface VisitClash {
  date: string;
  /** The two overlapping visits, as "09:00–12:00". */
  first: string;
  second: string;
}

const span = (r: ItineraryRow) => `${r.plannedStart}–${r.plannedEnd}`;

/** Every pair of visits on one day whose planned times overlap, in the rows' order. */
export function itineraryClashes(rows: readonly ItineraryRow[]): VisitClash[] {
  const clashes: VisitClash[] = [];
  rows.forEach((a, i) => {
    for (const b of rows.slice(i + 1)) {
      if (a.date !== b.date || !a.plannedStart || !a.plannedEnd) continue;
      if (!b.plannedStart || !b.plannedEnd) continue;
      // "HH:mm" compares as text; touching visits (12:00 then 12:00) do not overlap.
      if (a.plannedStart < b.plannedEnd && b.plannedStart < a.plannedEnd)
        clashes.push({ date: a.date, first: span(a), second: span(b) });
    }
  });
  return clashes;
}
