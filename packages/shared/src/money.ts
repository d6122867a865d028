import { z } from 'zod';
import { currencyOf, CURRENCY_DEFAULT } from './currencies';

/**
 * Money rules (spec B §5): digits and one decimal point; commas are stripped; a point must be
 * followed by at least one digit; at most two decimals (forms use "decimal with 2 places");
 * anything else clears the value. Money is stored as numeric(14,2) and travels as a string with
 * exactly two decimals ("125000.00").
 */
export const MONEY_MAX_INTEGER_DIGITS = 12;

export const MONEY_MESSAGES = {
  invalid: 'The amount must be a number with at most two decimals, e.g. 1250.00.',
  tooLarge: `The amount may not have more than ${MONEY_MAX_INTEGER_DIGITS} digits before the decimal point.`,
} as const;

const MONEY_RE = /^(\d*)(?:\.(\d{1,2}))?$/;

/** Canonical "1234.50" from the integer and fraction digit strings (leading zeros dropped). */
const canonical = (int: string, frac: string): string => {
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  return `${i}.${frac.padEnd(2, '0')}`;
};

/**
 * What a user typed → the 2-decimal string, or null when the input clears the value (empty,
 * letters, two points, '12.', more than two decimals, too many digits). '.5' is read as 0.50.
 */
export const parseMoneyInput = (text: string | null | undefined): string | null => {
  if (text == null) return null;
  const cleaned = text.replace(/,/g, '').trim();
  if (!cleaned) return null;
  const m = MONEY_RE.exec(cleaned);
  if (!m) return null;
  const int = m[1] ?? '';
  const frac = m[2] ?? '';
  if (!int && !frac) return null;
  const digits = int.replace(/^0+(?=\d)/, '');
  if (digits.length > MONEY_MAX_INTEGER_DIGITS) return null;
  return canonical(int, frac);
};

/** A number or numeric string → the 2-decimal string, or null when it is not valid money. */
export const toMoney = (value: number | string | null | undefined): string | null => {
  if (value == null) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    // More than two decimals is refused, as it is for typed text (tolerating float noise).
    if (Math.abs(value * 100 - cents) > 1e-9 * Math.max(1, cents)) return null;
    return parseMoneyInput((cents / 100).toFixed(2));
  }
  return parseMoneyInput(value);
};

const groupThousands = (int: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * en-GB display with thousands separators and the currency's symbol: "£125,000.00",
 * "€1,250.50", "CHF 12.00". Money always shows two decimals (spec B §9). '' for no value.
 */
export const formatMoney = (
  value: number | string | null | undefined,
  currency: string | null | undefined = CURRENCY_DEFAULT,
): string => {
  const money = toMoney(value);
  if (money === null) return '';
  const [int = '0', frac = '00'] = money.split('.');
  const symbol = currencyOf(currency)?.symbol ?? currency ?? '';
  // Letter symbols ("CHF", "AED") read better with a space; "£", "$", "€" sit flush.
  const sep = /^[A-Za-z]{2,}$/.test(symbol) ? ' ' : '';
  return `${symbol}${sep}${groupThousands(int)}.${frac}`;
};

/** Display without a symbol: "125,000.00". */
export const formatAmount = (value: number | string | null | undefined): string => {
  const money = toMoney(value);
  if (money === null) return '';
  const [int = '0', frac = '00'] = money.split('.');
  return `${groupThousands(int)}.${frac}`;
};

/**
 * Money on the wire: a number or a string (commas allowed), normalised to the 2-decimal string.
 * Junk is a 422 with a clear message rather than a silent clear.
 */
export const moneySchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const money = toMoney(v);
  if (money === null) {
    const digits = String(v).replace(/,/g, '').trim().split('.')[0]?.replace(/^0+/, '') ?? '';
    const tooLarge = /^\d+$/.test(digits) && digits.length > MONEY_MAX_INTEGER_DIGITS;
    ctx.addIssue({ code: 'custom', message: tooLarge ? MONEY_MESSAGES.tooLarge : MONEY_MESSAGES.invalid });
    return z.NEVER;
  }
  return money;
});

/** Optional money in payloads: absent = unchanged, null or '' = no value. */
export const optionalMoneySchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  moneySchema.nullable().optional(),
);
