// The operation's time (architecture.md, "Cross-cutting homes"): every calendar day the
// product speaks of — a licence's expiry, leave, a spot's opening hours, "today" on a report,
// a download's date — is a day in the operation's time zone, whatever the server's or the
// browser's own zone. Written once, on dayjs with its utc/timezone plugins (Intl-based, so it
// runs the same in Node and in the browser bundles).
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The operation's time zone: mainland China (product.md). The one place to configure it; the
 * server's scheduler and the browser read it from here.
 */
export const OPERATION_TIME_ZONE = 'Asia/Shanghai';

/** Where services read the time, so tests can move it (style.md, "A file"). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock stopped at `at` (tests). */
export const fixedClock = (at: Date | string): Clock => {
  const instant = new Date(at);
  return { now: () => new Date(instant) };
};

const inZone = (at: Date) => dayjs(at).tz(OPERATION_TIME_ZONE);

/**
 * The local day last asked for and the instants [from, to) it spans: "today" is asked on most
 * requests, and the zone's arithmetic (Intl) costs ~0.3 ms a call, more than the rest of a list
 * request's own work.
 */
let lastDay: { day: string; from: number; to: number } | null = null;

/** The local calendar day (YYYY-MM-DD) of an instant. */
export const localDate = (at: Date = new Date()): string => {
  const t = at.getTime();
  if (lastDay && t >= lastDay.from && t < lastDay.to) return lastDay.day;
  const day = inZone(at).format('YYYY-MM-DD');
  if (Number.isNaN(t)) return day;
  lastDay = {
    day,
    from: startOfLocalDay(day).getTime(),
    to: startOfLocalDay(addDays(day, 1)).getTime(),
  };
  return day;
};

const DAY_MS = 86_400_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The local wall-clock time (HH:mm) of an instant. */
export const localTime = (at: Date): string => {
  const t = at.getTime();
  localDate(at);
  // Within a kept day of 24 hours (no clock change in it), the time is the distance from its
  // start: no Intl call on the requests that ask it (the spot list's opening hours).
  if (lastDay && t >= lastDay.from && t < lastDay.to && lastDay.to - lastDay.from === DAY_MS) {
    const minutes = Math.floor((t - lastDay.from) / 60_000);
    return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
  }
  return inZone(at).format('HH:mm');
};

/** The local day as a compact stamp (YYYYMMDD), e.g. for download names. */
export const localDayStamp = (at: Date = new Date()): string => inZone(at).format('YYYYMMDD');

/** Days whose start was asked for, and that instant (ms): the same few days, on every request. */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 512;

/** The instant a local day (YYYY-MM-DD) starts. */
export const startOfLocalDay = (day: string): Date => {
  let start = dayStarts.get(day);
  if (start === undefined) {
    start = dayjs.tz(day, OPERATION_TIME_ZONE).valueOf();
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(day, start);
  }
  return new Date(start);
};

/** The instant a local day (YYYY-MM-DD) reaches a time of day (HH:mm). */
export const localDateTime = (day: string, time: string): Date =>
  dayjs.tz(`${day} ${time}`, 'YYYY-MM-DD HH:mm', OPERATION_TIME_ZONE).toDate();

/** The zone's offset from UTC at an instant, as `+08:00`. */
export const localUtcOffset = (at: Date = new Date()): string => inZone(at).format('Z');

/** A calendar date plus `days` (YYYY-MM-DD in, YYYY-MM-DD out; no time zone involved). */
export const addDays = (date: string, days: number): string => {
  // The plain form by UTC arithmetic (lists ask it on every request); anything else as dayjs
  // reads it.
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m || !Number.isInteger(days)) return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  if (at.getUTCFullYear() < 1000 || at.getUTCFullYear() > 9999)
    return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
  return at.toISOString().slice(0, 10);
};

/** A wall-clock time in the operation's zone ("YYYY-MM-DD HH:mm[:ss]") as an ISO instant. */
export const operationInstant = (local: string): string =>
  dayjs.tz(local, OPERATION_TIME_ZONE).toISOString();
