import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatAmount,
  formatMoney,
  moneySchema,
  MONEY_MAX,
  MONEY_MESSAGES,
  optionalMoneySchema,
  parseMoneyInput,
  readMoney,
  readMoneyInput,
  toMoney,
} from '../src';

describe('parseMoneyInput (spec B §5)', () => {
  it('strips commas and keeps two decimals', () => {
    expect(parseMoneyInput('1,250')).toBe('1250.00');
    expect(parseMoneyInput('125,000.5')).toBe('125000.50');
    expect(parseMoneyInput('0')).toBe('0.00');
    expect(parseMoneyInput(' 42.10 ')).toBe('42.10');
    expect(parseMoneyInput('007')).toBe('7.00');
  });

  it('reads a leading point as zero pounds', () => {
    expect(parseMoneyInput('.5')).toBe('0.50');
  });

  it('clears invalid input', () => {
    for (const bad of ['12.', '1.2.3', 'abc', '', '.', '-5', '12.345', '£12', '1e5', '12 34']) {
      expect(parseMoneyInput(bad), bad).toBeNull();
    }
    expect(parseMoneyInput(null)).toBeNull();
  });

  it('says why an entry is refused: nothing is dropped silently', () => {
    const why = (t: string) => {
      const r = readMoneyInput(t);
      return r.ok ? r.value : r.message;
    };
    expect(why('-500')).toBe(MONEY_MESSAGES.negative);
    expect(why('1e6')).toBe(MONEY_MESSAGES.invalid);
    expect(why('0.001')).toBe(MONEY_MESSAGES.invalid);
    expect(why('12,345.678')).toBe(MONEY_MESSAGES.invalid);
    expect(why('1234567890123')).toBe(MONEY_MESSAGES.tooLarge);
    expect(why('999,999,999,999')).toBe(MONEY_MESSAGES.tooLarge);
    expect(why('£999,999,999,999')).toBe(MONEY_MESSAGES.invalid);
    expect(why('12.')).toBe(MONEY_MESSAGES.invalid);
    expect(why('.5')).toBe('0.50');
    expect(why('1,250.50')).toBe('1250.50');
    expect(why('')).toBeNull();
    expect(MONEY_MESSAGES.invalid).toBe('Not a valid amount');
  });

  it('takes up to £10,000,000,000 and no more', () => {
    expect(MONEY_MAX).toBe(1e10);
    expect(parseMoneyInput('10,000,000,000')).toBe('10000000000.00');
    expect(parseMoneyInput('10000000000.00')).toBe('10000000000.00');
    expect(parseMoneyInput('10000000000.01')).toBeNull();
    expect(parseMoneyInput('0010000000000')).toBe('10000000000.00');
    expect(readMoney(1e10 + 1)).toEqual({ ok: false, problem: 'tooLarge', message: MONEY_MESSAGES.tooLarge });
    expect(readMoney(-1)).toMatchObject({ ok: false, problem: 'negative' });
  });
});

describe('toMoney', () => {
  it('normalises numbers and strings to two decimals', () => {
    expect(toMoney(125000)).toBe('125000.00');
    expect(toMoney(0.1 + 0.2)).toBe('0.30');
    expect(toMoney('99.9')).toBe('99.90');
    expect(toMoney(null)).toBeNull();
    expect(toMoney(12.345)).toBeNull();
    expect(toMoney(-1)).toBeNull();
    expect(toMoney(Number.NaN)).toBeNull();
  });

  it('round-trips every cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (cents) => {
        const s = toMoney(cents / 100);
        expect(s).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        expect(parseMoneyInput(formatAmount(s))).toBe(s);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows en-GB thousands separators and the currency symbol', () => {
    expect(formatMoney('125000.00', 'GBP')).toBe('£125,000.00');
    expect(formatMoney(1250.5, 'EUR')).toBe('€1,250.50');
    expect(formatMoney('1000000', 'USD')).toBe('$1,000,000.00');
    expect(formatMoney('12', 'CHF')).toBe('CHF 12.00');
    expect(formatMoney('999')).toBe('£999.00');
    expect(formatMoney(null)).toBe('');
    expect(formatAmount('1234567.8')).toBe('1,234,567.80');
    // A figure stored before the bound still shows.
    expect(formatMoney('999999999999.00', 'GBP')).toBe('£999,999,999,999.00');
  });
});

describe('moneySchema (wire)', () => {
  it('accepts numbers and strings and normalises them', () => {
    expect(moneySchema.parse(1250)).toBe('1250.00');
    expect(moneySchema.parse('1,250.5')).toBe('1250.50');
  });

  it('refuses junk with a clear message', () => {
    const r = moneySchema.safeParse('12abc');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MONEY_MESSAGES.invalid);
    expect(moneySchema.safeParse('1234567890123').error?.issues[0]?.message).toBe(MONEY_MESSAGES.tooLarge);
    expect(moneySchema.safeParse(999_999_999_999).error?.issues[0]?.message).toBe(MONEY_MESSAGES.tooLarge);
    expect(moneySchema.safeParse('-500').error?.issues[0]?.message).toBe(MONEY_MESSAGES.negative);
    expect(moneySchema.safeParse(true).error?.issues[0]?.message).toBe(MONEY_MESSAGES.invalid);
  });

  it('treats empty optional money as no value', () => {
    expect(optionalMoneySchema.parse('')).toBeNull();
    expect(optionalMoneySchema.parse(null)).toBeNull();
    expect(optionalMoneySchema.parse(undefined)).toBeUndefined();
    expect(optionalMoneySchema.parse('5')).toBe('5.00');
  });
});
