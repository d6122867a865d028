import { z } from 'zod';

/**
 * Date rules (spec B §5): typed as dd/mm/yyyy through the mask ##/##/####, validated as a real
 * calendar date, sent as yyyy-mm-dd. The mask itself is DATE_MASK in constants.ts.
 */
export const DATE_MESSAGES = {
  invalid: 'The date must be a valid date (yyyy-mm-dd).',
  invalidTyped: 'The date must be a valid date (dd/mm/yyyy).',
} as const;

/** Years a date may carry; keeps typos like 0203 or 20250 out of the data. */
export const DATE_YEAR_MIN = 1800;
export const DATE_YEAR_MAX = 2200;

const pad = (n: number, len = 2): string => String(n).padStart(len, '0');

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export const daysInMonth = (y: number, m: number): number =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** True for a real calendar day within the accepted years (31/02 and 29/02/2025 are not). */
export const isRealDate = (y: number, m: number, d: number): boolean =>
  Number.isInteger(y) &&
  Number.isInteger(m) &&
  Number.isInteger(d) &&
  y >= DATE_YEAR_MIN &&
  y <= DATE_YEAR_MAX &&
  m >= 1 &&
  m <= 12 &&
  d >= 1 &&
  d <= daysInMonth(y, m);

const toIso = (y: number, m: number, d: number): string | null =>
  isRealDate(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : null;

/** 'dd/mm/yyyy' as typed → 'yyyy-mm-dd', or null when incomplete or not a real date. */
export const parseTypedDate = (text: string | null | undefined): string | null => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((text ?? '').trim());
  return m ? toIso(Number(m[3]), Number(m[2]), Number(m[1])) : null;
};

/**
 * 'mm/dd/yyyy' → 'yyyy-mm-dd' or null: the one place the spec sends US order (an enquiry's
 * received_at, API.md).
 */
export const parseUsDate = (text: string | null | undefined): string | null => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((text ?? '').trim());
  return m ? toIso(Number(m[3]), Number(m[1]), Number(m[2])) : null;
};

/** True for a 'yyyy-mm-dd' string naming a real day. */
export const isIsoDate = (text: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

/** The zone UK agents work in: the server's CSV exports show timestamps in it. */
export const UK_TIME_ZONE = 'Europe/London';

const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
const formattersFor = (timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
      time: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
    };
    formatters.set(key, f);
  }
  return f;
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const instantOf = (value: string | Date): Date | null => {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * The one date formatter: en-GB dd/mm/yyyy; '' for no value or an unreadable one.
 * A date-only value ('yyyy-mm-dd': a lease date, a review date) is a calendar day and is shown
 * as it is, never shifted by a zone. A timestamp (an ISO string with a time, or a Date) is shown
 * as the day it is in `timeZone` — by default the runtime's, i.e. the user's browser — so a
 * record saved at 23:30 UTC on 29 March shows 30/03 in London wherever it appears.
 */
export const formatDate = (value: string | Date | null | undefined, timeZone?: string): string => {
  if (!value) return '';
  const m = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  const d = instantOf(value);
  return d ? formattersFor(timeZone).date.format(d) : '';
};

/** A timestamp as dd/mm/yyyy HH:mm (24-hour) in `timeZone`, by default the user's. */
export const formatDateTime = (value: string | Date | null | undefined, timeZone?: string): string => {
  if (!value) return '';
  const d = instantOf(value);
  return d ? `${formatDate(d, timeZone)} ${formattersFor(timeZone).time.format(d)}` : '';
};

/**
 * The ##/##/#### mask applied while typing: keeps digits (at most eight) and puts the slashes in:
 * '0102' → '01/02', '01022025' → '01/02/2025', '1/2' → '12'.
 */
export const applyDateMask = (text: string): string => {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
};

/** Today as 'yyyy-mm-dd' in local time (for defaults; the server stores dates without zone). */
export const todayIso = (now: Date = new Date()): string =>
  `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** A date on the wire: 'yyyy-mm-dd', a real day. */
export const isoDateSchema = z.string().trim().refine(isIsoDate, DATE_MESSAGES.invalid);

/** Optional date in payloads: absent = unchanged, null or '' = no date. */
export const optionalIsoDateSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  isoDateSchema.nullable().optional(),
);
