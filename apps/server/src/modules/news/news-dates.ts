import { UK_TIME_ZONE, formatDate } from '@frontage/shared';

/** The UK calendar day (yyyy-mm-dd) of an instant. */
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

/**
 * The instant an item chosen for `day` is published (ADR 0061): the moment of saving when `day` is
 * today (so an item written after a user's visit is newer than it), else the day's start. On an
 * edit that keeps the day, the stored instant stays.
 */
export const publishedAtFor = (day: string, now: Date, current?: Date): Date => {
  if (current && ukDayOf(current) === day) return current;
  return day === ukDayOf(now) ? now : ukStartOf(day);
};
