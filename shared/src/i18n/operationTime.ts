// How the console shows an instant: in the operation's time zone whatever the browser's zone,
// labelled, and with the year when it is not the current one (issue #18 item 15: a museum opening
// at 08:30 showed a curve from 01:00 in a UTC browser; a 2020 window read "01-01 00:00").
// The zone itself is written once, in ../time.
import { localUtcOffset, OPERATION_TIME_ZONE } from '../time';

/** Shown beside operation times, e.g. "08:30–17:30 (UTC+08:00)". */
export const OPERATION_ZONE_LABEL = `UTC${localUtcOffset()}`;

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: OPERATION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(at: string | number | Date): Parts {
  const out: Record<string, string> = {};
  for (const p of formatter.formatToParts(new Date(at))) out[p.type] = p.value;
  return out as Parts;
}

/** "HH:mm" in the operation's zone. */
export function operationClock(at: string | number | Date): string {
  const p = parts(at);
  return `${p.hour}:${p.minute}`;
}

/** "YYYY-MM-DD" in the operation's zone. */
export function operationDate(at: string | number | Date): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * A date and time for a table cell: "MM-DD HH:mm" within the current year, "YYYY-MM-DD HH:mm"
 * otherwise, in the operation's zone.
 */
export function operationDateTime(at: string | number | Date, now: Date = new Date()): string {
  const p = parts(at);
  const sameYear = p.year === parts(now).year;
  return `${sameYear ? '' : `${p.year}-`}${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** "MM-DD" within the current year, "YYYY-MM-DD" otherwise (chart axes of days). */
export function operationDay(at: string | number | Date, now: Date = new Date()): string {
  const p = parts(at);
  return p.year === parts(now).year ? `${p.month}-${p.day}` : `${p.year}-${p.month}-${p.day}`;
}
