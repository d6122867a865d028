import { ukDayOf, ukStartOf } from '../../lib/dates';

/**
 * The instant an item chosen for `day` is published (ADR 0061): the moment of saving when `day` is
 * today (so an item written after a user's visit is newer than it), else the day's start. On an
 * edit that keeps the day, the stored instant stays.
 */
export const publishedAtFor = (day: string, now: Date, current?: Date): Date => {
  if (current && ukDayOf(current) === day) return current;
  return day === ukDayOf(now) ? now : ukStartOf(day);
};
