import { z } from 'zod';
import { currencyOf, CURRENCY_DEFAULT } from './currencies';

/**
 * Money rules (spec B §5, ADR 0079): digits and one decimal point; commas are stripped;
 * a point must be followed by at least one digit; at most two decimals (forms use "decimal with 2
 * places"); not negative and at most MONEY_MAX. Anything else clears the value — and says why:
 * the form shows the message under the field, the API answers it as a 422 on the field. Money is
 * stored as numeric(14,2) and travels as a string with exactly two decimals ("125000.00").
 */
export const MONEY_MAX = 10_000_000_000;

export const MONEY_MESSAGES = {
  invalid: 'Not a valid amount',
  negative: 'The amount may not be negative.',
  tooLarge: 'The amount may not be more than 10,000,000,000.',
} as const;
export type MoneyProblem = keyof typeof MONEY_MESSAGES;

/**
 * What an amount reads as: its 2-decimal string (null for no value), or why it is refused with
 * the message to show.
 */
export type MoneyReading =
  { ok: true; value: string | null } | { ok: false; problem: MoneyProblem; message: string };

const refuse = (problem: MoneyProblem): MoneyReading => ({
  ok: false,
  problem,
  message: MONEY_MESSAGES[problem],
});

const MONEY_RE = /^(-?)(\d*)(?:\.(\d+))?$/;
const MAX_INT = String(MONEY_MAX);

/** Whether a canonical non-negative integer digit string with 2 decimals is above MONEY_MAX. */
const aboveMax = (int: string, frac: string): boolean =>
  int.length !== MAX_INT.length
    ? int.length > MAX_INT.length
    : int > MAX_INT || (int === MAX_INT && frac !== '00');

/**
 * What a user typed (or a client sent as text) → its reading. Commas are stripped and spaces
 * around trimmed; '' is no value; '.5' is 0.50; '12.', '1.2.3', '1e6', '£12', '0.001' are not
 * amounts; '-500' is negative; more than MONEY_MAX is too large. Nothing is dropped silently.
 */
export const readMoneyInput = (text: string | null | undefined): MoneyReading => {
  if (text == null) return { ok: true, value: null };
  const cleaned = text.replace(/,/g, '').trim();
  if (!cleaned) return { ok: true, value: null };
  const m = MONEY_RE.exec(cleaned);
  if (!m) return refuse('invalid');
  const [, sign = '', int = '', frac] = m;
  if (!int && frac === undefined) return refuse('invalid');
  if (frac !== undefined && frac.length > 2) return refuse('invalid');
  const digits = int.replace(/^0+(?=\d)/, '') || '0';
  const cents = (frac ?? '').padEnd(2, '0');
  if (sign) return refuse('negative');
  if (aboveMax(digits, cents)) return refuse('tooLarge');
  return { ok: true, value: `${digits}.${cents}` };
};

/** A number (or numeric string) → its reading, as readMoneyInput reads typed text. */
export const readMoney = (value: number | string | null | undefined): MoneyReading => {
  if (value == null) return { ok: true, value: null };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return refuse('invalid');
    if (value < 0) return refuse('negative');
    if (value > MONEY_MAX) return refuse('tooLarge');
    const cents = Math.round(value * 100);
    // More than two decimals is refused, as it is for typed text (tolerating float noise).
    if (Math.abs(value * 100 - cents) > 1e-9 * Math.max(1, cents)) return refuse('invalid');
    return readMoneyInput((cents / 100).toFixed(2));
  }
  return readMoneyInput(value);
};

/** What a user typed → the 2-decimal string, or null when it is empty or refused (readMoneyInput says why). */
export const parseMoneyInput = (text: string | null | undefined): string | null => {
  const r = readMoneyInput(text);
  return r.ok ? r.value : null;
};

/** A number or numeric string → the 2-decimal string, or null when it is not valid money. */
export const toMoney = (value: number | string | null | undefined): string | null => {
  const r = readMoney(value);
  return r.ok ? r.value : null;
};

const groupThousands = (int: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A stored amount, formatted even when it is above today's bound (older rows). */
const storedMoney = (value: number | string | null | undefined): string | null => {
  const r = readMoney(value);
  if (r.ok) return r.value;
  if (r.problem !== 'tooLarge' || value == null) return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, ''));
  return Number.isFinite(n) ? n.toFixed(2) : null;
};

/**
 * en-GB display with thousands separators and the currency's symbol: "£125,000.00",
 * "€1,250.50", "CHF 12.00". Money always shows two decimals (spec B §9). '' for no value.
 */
export const formatMoney = (
  value: number | string | null | undefined,
  currency: string | null | undefined = CURRENCY_DEFAULT,
): string => {
  const money = storedMoney(value);
  if (money === null) return '';
  const [int = '0', frac = '00'] = money.split('.');
  const symbol = currencyOf(currency)?.symbol ?? currency ?? '';
  // Letter symbols ("CHF", "AED") read better with a space; "£", "$", "€" sit flush.
  const sep = /^[A-Za-z]{2,}$/.test(symbol) ? ' ' : '';
  return `${symbol}${sep}${groupThousands(int)}.${frac}`;
};

/** Display without a symbol: "125,000.00". */
export const formatAmount = (value: number | string | null | undefined): string => {
  const money = storedMoney(value);
  if (money === null) return '';
  const [int = '0', frac = '00'] = money.split('.');
  return `${groupThousands(int)}.${frac}`;
};

/**
 * Money on the wire: a number or a string (commas allowed), normalised to the 2-decimal string.
 * Junk, a negative amount or one above MONEY_MAX is a 422 with the form's message.
 */
export const moneySchema = z
  .union([z.number(), z.string()], { error: MONEY_MESSAGES.invalid })
  .transform((v, ctx) => {
    const r = readMoney(v);
    if (!r.ok || r.value === null) {
      ctx.addIssue({ code: 'custom', message: r.ok ? MONEY_MESSAGES.invalid : r.message });
      return z.NEVER;
    }
    return r.value;
  });

/** Optional money in payloads: absent = unchanged, null or '' = no value. */
export const optionalMoneySchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  moneySchema.nullable().optional(),
);
