import { UK_TIME_ZONE, formatDate } from '@frontage/shared';

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `Date#toISOString` without its cost: every listed record carries three or four timestamps, and
 * V8's own formatter took a fifth of a 100-row typeahead page's presenting time. Same output for
 * years 1000–9999 (`2026-11-23T07:35:42.123Z`); other years and invalid dates go to toISOString.
 */
export const toIso = (d: Date): string => {
  const y = d.getUTCFullYear();
  if (!(y >= 1000 && y <= 9999)) return d.toISOString();
  return `${y}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}.${three(d.getUTCMilliseconds())}Z`;
};

export const iso = (d: Date | null | undefined): string | null => (d ? toIso(d) : null);
export const isoRequired = (d: Date): string => toIso(d);
export const addMinutes = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000);

/** The UK calendar day (yyyy-mm-dd) of an instant: "today" where the agents work. */
export const ukDayOf = (d: Date): string => {
  const [dd, mm, yyyy] = formatDate(d, UK_TIME_ZONE).split('/');
  return `${yyyy}-${mm}-${dd}`;
};

/** 00:00 UK time on `day` (yyyy-mm-dd) as an instant: GMT or BST, whichever applies that day. */
export const ukStartOf = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // UK time is UTC or UTC+1: if midnight UTC is already 01:00 in the UK, the day began an hour earlier.
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(utcMidnight),
    ),
  );
  return new Date(utcMidnight - hour * 3_600_000);
};
