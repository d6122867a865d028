import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iso, toIso } from '../src/lib/dates';

describe('toIso', () => {
  it('formats every date exactly as Date#toISOString does', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(-5000, 0, 1)),
          max: new Date(Date.UTC(20000, 0, 1)),
          noInvalidDate: true,
        }),
        (d) => {
          expect(toIso(d)).toBe(d.toISOString());
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('pads every field and keeps null as null', () => {
    expect(toIso(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
    expect(toIso(new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)))).toBe('1999-12-31T23:59:59.999Z');
    expect(iso(null)).toBeNull();
    expect(() => toIso(new Date(Number.NaN))).toThrow(RangeError);
  });
});
