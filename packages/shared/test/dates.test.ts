import { describe, expect, it } from 'vitest';
import {
  applyDateMask,
  formatDate,
  formatDateTime,
  isoDateSchema,
  optionalIsoDateSchema,
  parseTypedDate,
  parseUsDate,
  DATE_MESSAGES,
} from '../src';

describe('parseTypedDate (dd/mm/yyyy → yyyy-mm-dd)', () => {
  it('converts real dates', () => {
    expect(parseTypedDate('01/02/2025')).toBe('2025-02-01');
    expect(parseTypedDate('31/12/1999')).toBe('1999-12-31');
  });

  it('refuses days a calendar does not have', () => {
    expect(parseTypedDate('31/02/2025')).toBeNull();
    expect(parseTypedDate('31/04/2025')).toBeNull();
    expect(parseTypedDate('00/01/2025')).toBeNull();
    expect(parseTypedDate('01/13/2025')).toBeNull();
  });

  it('knows leap years', () => {
    expect(parseTypedDate('29/02/2024')).toBe('2024-02-29');
    expect(parseTypedDate('29/02/2025')).toBeNull();
    expect(parseTypedDate('29/02/2000')).toBe('2000-02-29');
    expect(parseTypedDate('29/02/1900')).toBeNull();
  });

  it('refuses incomplete or malformed input', () => {
    for (const bad of ['', '01/02/25', '1/2/2025', '01-02-2025', '2025-02-01', 'ab/cd/efgh', '01/02/0001']) {
      expect(parseTypedDate(bad), bad).toBeNull();
    }
  });
});

describe('formatDate and the mask', () => {
  it('shows yyyy-mm-dd as dd/mm/yyyy', () => {
    expect(formatDate('2025-02-01')).toBe('01/02/2025');
    expect(formatDate('2025-02-01T10:00:00.000Z')).toBe('01/02/2025');
    expect(formatDate(null)).toBe('');
  });

  it('applies ##/##/#### while typing', () => {
    expect(applyDateMask('0')).toBe('0');
    expect(applyDateMask('010')).toBe('01/0');
    expect(applyDateMask('0102')).toBe('01/02');
    expect(applyDateMask('01022')).toBe('01/02/2');
    expect(applyDateMask('0102202599')).toBe('01/02/2025');
    expect(applyDateMask('01/02/2025')).toBe('01/02/2025');
  });

  it('round-trips typed → sent → shown', () => {
    expect(formatDate(parseTypedDate('15/08/2030'))).toBe('15/08/2030');
  });
});

describe('parseUsDate (the enquiry exception)', () => {
  it('reads mm/dd/yyyy', () => {
    expect(parseUsDate('02/01/2025')).toBe('2025-02-01');
    expect(parseUsDate('2/29/2024')).toBe('2024-02-29');
    expect(parseUsDate('02/30/2024')).toBeNull();
  });
});

describe('isoDateSchema (wire)', () => {
  it('accepts real yyyy-mm-dd dates only', () => {
    expect(isoDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    expect(isoDateSchema.safeParse('2025-02-29').error?.issues[0]?.message).toBe(DATE_MESSAGES.invalid);
    expect(isoDateSchema.safeParse('01/02/2025').success).toBe(false);
    expect(optionalIsoDateSchema.parse('')).toBeNull();
  });
});

describe("one formatDate: date-only values never shift, timestamps show in the user's zone", () => {
  it('shows a timestamp near midnight as the day it is in the given zone', () => {
    expect(formatDate('2026-03-29T23:30:00Z', 'Europe/London')).toBe('30/03/2026');
    expect(formatDate('2026-03-29T23:30:00Z', 'UTC')).toBe('29/03/2026');
    expect(formatDate('2026-01-15T23:30:00Z', 'Europe/London')).toBe('15/01/2026');
    expect(formatDate(new Date('2026-06-30T23:10:00Z'), 'Europe/London')).toBe('01/07/2026');
  });

  it('never shifts a date-only value, whatever the zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London', undefined]) {
      expect(formatDate('2026-03-29', zone)).toBe('29/03/2026');
    }
  });

  it('gives date and 24-hour time in the zone, and nothing for no value', () => {
    expect(formatDateTime('2026-07-01T13:05:00Z', 'Europe/London')).toBe('01/07/2026 14:05');
    expect(formatDateTime('2026-12-31T23:59:00Z', 'UTC')).toBe('31/12/2026 23:59');
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
