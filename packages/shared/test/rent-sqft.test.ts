import { describe, expect, it } from 'vitest';
import { niaInSqft, rentPerSqft, rentSqftConsistent } from '../src';

describe('rent per sq ft', () => {
  it('is rent pa ÷ NIA to the penny (the issue: £38,000 on 7,100 sq ft is £5.35, not a stale £40.00)', () => {
    expect(rentPerSqft('38000.00', 7100, 'sqft')).toBe('5.35');
    expect(rentPerSqft(125000, '2,500', 'sqft')).toBe('50.00');
  });

  it('converts an NIA in sq m to sq ft first', () => {
    expect(niaInSqft(100, 'sqm')).toBe(1076.39);
    expect(rentPerSqft('10763.91', 100, 'sqm')).toBe('10.00');
  });

  it('cannot be worked out without a rent or a positive NIA, so it is null (cleared)', () => {
    expect(rentPerSqft(null, 7100, 'sqft')).toBeNull();
    expect(rentPerSqft('38000', null, 'sqft')).toBeNull();
    expect(rentPerSqft('38000', 0, 'sqft')).toBeNull();
    expect(rentPerSqft('', '', 'sqft')).toBeNull();
  });

  it('calls a sent figure consistent within 1 % or a penny, and inconsistent beyond', () => {
    expect(rentSqftConsistent('5.35', '38000', 7100, 'sqft')).toBe(true);
    expect(rentSqftConsistent('5.40', '38000', 7100, 'sqft')).toBe(true);
    expect(rentSqftConsistent('5.45', '38000', 7100, 'sqft')).toBe(false);
    expect(rentSqftConsistent('40.00', '38000', 7100, 'sqft')).toBe(false);
    expect(rentSqftConsistent('0.06', '350', 7100, 'sqft')).toBe(true);
    expect(rentSqftConsistent('40.00', null, 7100, 'sqft')).toBe(true);
  });
});
