import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BREAK_PARTY_LABELS,
  CALENDAR_FEED_CANCELLED_DAYS,
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_MONTHS_AHEAD,
  CALENDAR_FEED_TEXT,
  CALENDAR_FEED_TOKEN_PATTERN,
  CALENDAR_FEED_TOKEN_PREFIX,
  LEASE_EVENT_LABELS,
  UK_TIME_ZONE,
  daysInMonth,
  formatDate,
  type BreakParty,
  type CalendarFeedStatus,
  type CalendarFeedUrl,
  type LeaseEventType,
} from '@frontage/shared';
import ical, { ICalEventStatus } from 'ical-generator';
import type { ServiceDeps } from '../../deps';
import { ukDayOf } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import * as repo from './calendar-feed.repository';
import { foldIcsLines } from './ics-fold';

/** Calendars are asked to come back for changes every hour (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_TTL_SECONDS = 3600;

/** A new feed token: the prefix and 32 random bytes, base64url (ADR 0090). */
export const newFeedToken = (): string =>
  `${CALENDAR_FEED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export const feedUrl = (origin: string, token: string): string => `${origin}/api/calendar/${token}.ics`;

const originOf = (deps: ServiceDeps, requestOrigin: string): string =>
  deps.config.publicOrigin ?? requestOrigin;

export const feedStatus = async (deps: ServiceDeps, userId: number): Promise<CalendarFeedStatus> => {
  const feed = await repo.findFeedOf(deps.db, userId);
  return { active: !!feed, created_at: feed ? feed.created_at.toISOString() : null };
};

/** Creates the user's feed, or regenerates it: the previous URL answers 404 from now on. */
export const createFeed = async (
  deps: ServiceDeps,
  userId: number,
  requestOrigin: string,
): Promise<CalendarFeedUrl> => {
  const token = newFeedToken();
  await repo.putFeed(deps.db, userId, hashToken(token), deps.now());
  return { url: feedUrl(originOf(deps, requestOrigin), token) };
};

export const revokeFeed = async (deps: ServiceDeps, userId: number): Promise<CalendarFeedStatus> => {
  await repo.deleteFeed(deps.db, userId);
  return { active: false, created_at: null };
};

/** yyyy-mm-dd shifted by whole days (UTC arithmetic on a date: no clock change can move it). */
const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** yyyy-mm-dd shifted by whole months, the day kept or clamped to the month's last. */
const addMonths = (day: string, months: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const dd = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
};

/** What a feed holds at `now`: its owner's scope, the window of dates (UK days), the cap. */
export const feedWindowOf = (
  owner: { userId: number; companyId: number | null },
  now: Date,
): repo.FeedWindow => {
  const today = ukDayOf(now);
  return {
    userId: owner.userId,
    companyId: owner.companyId,
    from: addDays(today, -CALENDAR_FEED_DAYS_BACK),
    to: addMonths(today, CALENDAR_FEED_MONTHS_AHEAD),
    removedSince: new Date(now.getTime() - CALENDAR_FEED_CANCELLED_DAYS * 86_400_000),
    limit: CALENDAR_FEED_MAX_EVENTS,
  };
};

/** The owner of a token, or 404: unknown, malformed, revoked, or the account can no longer sign in. */
const ownerOf = async (deps: ServiceDeps, token: string): Promise<repo.FeedOwner> => {
  if (!CALENDAR_FEED_TOKEN_PATTERN.test(token)) throw new NotFoundError();
  const hash = hashToken(token);
  const owner = await repo.findFeedOwner(deps.db, hash);
  // The lookup is by the hash's index; comparing again in constant time keeps any answer from
  // depending on how much of a guessed hash matched.
  if (!owner || !timingSafeEqual(Buffer.from(owner.tokenHash), Buffer.from(hash)) || !owner.active) {
    throw new NotFoundError();
  }
  return owner;
};

const descriptionOf = (e: repo.FeedEventRow, unitUrl: string): string => {
  const lines = [
    `Unit: ${e.unit_label}`,
    `Tenant: ${e.tenant ?? '—'}`,
    `Landlord: ${e.landlords ?? '—'}`,
    `Lease end: ${e.lease_end_date ? formatDate(e.lease_end_date) : '—'}`,
  ];
  if (e.break_party) lines.push(`Break exercisable by: ${BREAK_PARTY_LABELS[e.break_party as BreakParty]}`);
  lines.push(e.hard ? 'Hard date: time is of the essence.' : 'Soft date.');
  if (e.cancelled) lines.push('This event no longer applies: the lease was changed.');
  if (e.action_status) {
    const what = e.action_status === 'done' ? 'Marked done' : 'Dismissed';
    const by = e.action_by ? ` by ${e.action_by}` : '';
    const at = e.action_at ? ` on ${formatDate(e.action_at, UK_TIME_ZONE)}` : '';
    lines.push(`${what}${by}${at}${e.action_reason ? `: ${e.action_reason}` : ''}.`);
  }
  lines.push(`Open in Frontage: ${unitUrl}`);
  return lines.join('\n');
};

/** When the event as the feed shows it last changed: its date or state (the log), or its action. */
const revisedAt = (e: repo.FeedEventRow): Date | undefined => {
  const times = [e.changed_at, e.action_at].filter((t) => t !== null).map((t) => new Date(t));
  return times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : undefined;
};

/** A feed's text and its entity tag. */
export interface FeedCalendar {
  body: string;
  etag: string;
}

/**
 * Feeds already written, by owner and origin, with the digest of the rows each was written from
 * (ADR 0106). The statement runs on every fetch and digests the rows it finds, so a change to any
 * of the owner's events, units or scope gives another digest and a new text at once; only the
 * rows' transfer and the writing — several thousand calendar objects, their text and its
 * folding — are skipped when nothing changed. Least recently used first out, within
 * FEED_CACHE_CHARS characters per process.
 */
interface Written extends FeedCalendar {
  digest: string;
}
const written = new Map<string, Written>();
let writtenChars = 0;
export const FEED_CACHE_CHARS = 64 * 1024 * 1024;

const remember = (key: string, feed: Written): void => {
  const before = written.get(key);
  if (before) {
    written.delete(key);
    writtenChars -= before.body.length;
  }
  if (feed.body.length > FEED_CACHE_CHARS) return;
  written.set(key, feed);
  writtenChars += feed.body.length;
  for (const [oldest, old] of written) {
    if (writtenChars <= FEED_CACHE_CHARS) break;
    written.delete(oldest);
    writtenChars -= old.body.length;
  }
};

/** Forgets every written feed (tests that compare a fresh write with a remembered one). */
export const forgetWrittenFeeds = (): void => {
  written.clear();
  writtenChars = 0;
};

/** The `.ics` text of the rows: ical-generator's calendar and events, folded once by foldIcsLines. */
const writeCalendar = (events: repo.FeedEventRow[], origin: string, now: Date): string => {
  const host = new URL(origin).hostname;
  const calendar = ical({
    name: CALENDAR_FEED_TEXT.calendarName,
    prodId: { company: 'Frontage', product: 'Lease events', language: 'EN' },
    ttl: FEED_TTL_SECONDS,
  });
  // The calendar's own lines, then each event's, folded once by foldIcsLines: the same text as
  // calendar.toString(), whose folding costs seconds for a few thousand events (ics-fold.ts).
  const shell = calendar.toString();
  for (const e of events) {
    const unitUrl = `${origin}/properties?id=${e.property_id}`;
    calendar.createEvent({
      id: `${e.property_id}-${e.type}-${e.seq}@${host}`,
      // Dates travel as yyyy-mm-dd strings end to end: VALUE=DATE, never an instant.
      start: e.date,
      end: addDays(e.date, 1),
      allDay: true,
      summary: `${LEASE_EVENT_LABELS[e.type as LeaseEventType] ?? e.type} — ${e.unit_label}`,
      description: descriptionOf(e, unitUrl),
      url: unitUrl,
      // The log raises its sequence when an event changes or comes back, not when it is removed:
      // doubled, a live event's is even and its cancellation the odd number above (ADR 0090), so
      // every version a calendar sees has a higher SEQUENCE than the one before.
      sequence: e.cancelled ? 2 * e.sequence + 1 : 2 * e.sequence,
      stamp: revisedAt(e) ?? now,
      lastModified: revisedAt(e),
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  const end = 'END:VCALENDAR';
  if (!shell.endsWith(end)) throw new Error('ical-generator: a calendar no longer ends with END:VCALENDAR');
  return foldIcsLines(
    shell.slice(0, -end.length) +
      calendar
        .events()
        .map((e) => e.toString())
        .join('') +
      end,
  );
};

/**
 * The `.ics` of a feed: the events of the owner's units from CALENDAR_FEED_DAYS_BACK days back to
 * CALENDAR_FEED_MONTHS_AHEAD months ahead (UK days), at most CALENDAR_FEED_MAX_EVENTS, plus those
 * removed in the last CALENDAR_FEED_CANCELLED_DAYS days as cancelled.
 */
export const feedCalendar = async (
  deps: ServiceDeps,
  token: string,
  requestOrigin: string,
): Promise<FeedCalendar> => {
  const owner = await ownerOf(deps, token);
  const now = deps.now();
  const origin = originOf(deps, requestOrigin);
  const key = `${owner.userId}\n${origin}`;
  const known = written.get(key);
  const rows = await repo.feedEvents(deps.db, feedWindowOf(owner, now), known?.digest ?? null);
  if (known && !rows.events.length && rows.digest === known.digest) {
    remember(key, known);
    return { body: known.body, etag: known.etag };
  }
  // An event with no time of its own is stamped with the moment of writing: such a text is not
  // kept, and its tag names that moment.
  const etag = createHash('sha256')
    .update(`${rows.digest}\n${origin}\n${rows.timeless ? now.toISOString() : ''}`)
    .digest('base64url');
  const feed = { body: writeCalendar(rows.events, origin, now), etag };
  if (rows.timeless) written.delete(key);
  else remember(key, { ...feed, digest: rows.digest });
  return feed;
};
