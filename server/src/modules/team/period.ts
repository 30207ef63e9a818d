// When a guide on a team is taken (issue #13 point 7): from the start of the first covered
// day to the end of the last, in the operation's time zone, then extended by the allocation
// buffer. The exclusion constraint compares these `busy` ranges, so two bookings of one guide
// need at least the buffer between them, and back-to-back days stay possible.
import { localDateTime } from '@console/shared';

/** The working day when the itinerary says nothing about it. */
export const DEFAULT_DAY_START = '08:00';
export const DEFAULT_DAY_END = '18:00';

export interface DayTimes {
  /** HH:mm of the first planned visit (or the pickup on the first day). */
  start: string;
  /** HH:mm of the end of the last planned visit. */
  end: string;
}

export interface TeamDayPlan {
  startDate: string;
  pickupTime: string;
  /** The itinerary's visits (date, planned start and end). */
  items: { date: string; plannedStart: string; plannedEnd: string }[];
}

/** Working hours of each day of the team, from its itinerary and pickup time. */
export function dayTimesOf(team: TeamDayPlan, date: string): DayTimes {
  const items = team.items.filter((i) => i.date === date);
  let start = items.length ? items.map((i) => i.plannedStart).sort()[0] : DEFAULT_DAY_START;
  const end = items.length
    ? items
        .map((i) => i.plannedEnd)
        .sort()
        .at(-1)!
    : DEFAULT_DAY_END;
  if (date === team.startDate && team.pickupTime && team.pickupTime < start)
    start = team.pickupTime;
  return { start, end };
}

export interface AssignmentPeriod {
  startsAt: Date;
  endsAt: Date;
  /** `[startsAt, endsAt + buffer)` as a tstzrange literal. */
  busy: string;
}

/** The period a guide covering `from`..`to` of the team is taken, buffer included. */
export function assignmentPeriod(
  team: TeamDayPlan,
  from: string,
  to: string,
  bufferMinutes: number,
): AssignmentPeriod {
  const startsAt = localDateTime(from, dayTimesOf(team, from).start);
  const endsAt = localDateTime(to, dayTimesOf(team, to).end);
  const busyEnd = new Date(endsAt.getTime() + bufferMinutes * 60_000);
  return { startsAt, endsAt, busy: `[${startsAt.toISOString()},${busyEnd.toISOString()})` };
}
