import { describe, expect, it } from 'vitest';
import {
  DEAL_WARNING_MESSAGES,
  dealWarningKey,
  dealWarnings,
  type DealCreate,
  type DealWarningPlace,
} from '../src';

const UNIT: DealWarningPlace = { rent_pa: '40000.00', nia_sqrt: 7100, area_size_type: 'sqft' };
const TODAY = '2026-06-15';
const codes = (b: object, place = UNIT) =>
  dealWarnings(b as DealCreate, place, TODAY).map((w) => `${w.code}:${w.field}`);

describe('deal warnings (the Review step)', () => {
  it('names a new letting without a new tenant, and only a new letting', () => {
    expect(codes({ deal_type: 'new_letting', property_id: 1, effective_date: '2026-06-01' })).toEqual([
      'no_new_tenant:tenant_id',
    ]);
    expect(
      codes({ deal_type: 'new_letting', property_id: 1, effective_date: '2026-06-01', tenant_id: 4 }),
    ).toEqual([]);
    // A sub-letting's empty tenant keeps the previous one; a tracked retailer's blank means vacant.
    expect(codes({ deal_type: 'subletting', property_id: 1, effective_date: '2026-06-01' })).toEqual([]);
    expect(codes({ deal_type: 'tracked_retailer', property_id: 1, effective_date: '2026-06-01' })).toEqual(
      [],
    );
    expect(dealWarnings({ deal_type: 'new_letting', property_id: 1 }, UNIT, TODAY)[0]!.message).toBe(
      DEAL_WARNING_MESSAGES.noNewTenant,
    );
  });

  it('names a missing effective date on every type but the tracked retailer (which requires it)', () => {
    for (const deal_type of ['sale', 'subletting', 'rent_review', 'lease_renewal'])
      expect(codes({ deal_type, property_id: 1 })).toEqual(['no_effective_date:effective_date']);
    expect(codes({ deal_type: 'tracked_retailer', property_id: 1 })).toEqual([]);
    expect(codes({ deal_type: 'rent_review', property_id: 1, effective_date: '2026-01-01' })).toEqual([]);
  });

  it('names a lease that ends before it starts, with both dates en-GB', () => {
    const w = dealWarnings(
      {
        deal_type: 'lease_renewal',
        property_id: 1,
        effective_date: '2026-01-01',
        lease_start_date: '2026-03-25',
        lease_end_date: '2016-03-24',
      },
      UNIT,
      TODAY,
    );
    expect(w).toEqual([
      {
        code: 'lease_end_before_start',
        field: 'lease_end_date',
        message: 'The lease end date (24/03/2016) is before the lease start date (25/03/2026).',
      },
    ]);
    // The same day, or only one of the two dates: nothing to say.
    const base = { deal_type: 'lease_renewal', property_id: 1, effective_date: '2026-01-01' };
    expect(codes({ ...base, lease_start_date: '2026-03-25', lease_end_date: '2026-03-25' })).toEqual([]);
    expect(codes({ ...base, lease_end_date: '2016-03-24' })).toEqual([]);
  });

  it('names a sent rent per sqft that disagrees with rent ÷ NIA by more than 1 %', () => {
    const base = { deal_type: 'new_letting', property_id: 1, tenant_id: 4, effective_date: '2026-06-01' };
    // The case: £38,000 on 7,100 sq ft with the old £40.00 is ≈ £5.35.
    const [w] = dealWarnings(
      { ...base, rent_pa: '38000', rent_sqft: '40.00', currency: 'GBP' } as DealCreate,
      UNIT,
      TODAY,
    );
    expect(w).toEqual({
      code: 'rent_sqft_inconsistent',
      field: 'rent_sqft',
      message: 'Rent per sqft £40.00 does not agree with rent ÷ NIA (£5.35).',
    });
    expect(codes({ ...base, rent_pa: '38000', rent_sqft: '5.38' })).toEqual([]);
    // Not sent: the server works it out. No NIA: nothing to disagree with.
    expect(codes({ ...base, rent_pa: '38000' })).toEqual([]);
    expect(codes({ ...base, rent_pa: '38000', rent_sqft: '40' }, { ...UNIT, nia_sqrt: null })).toEqual([]);
    // The rent after the deal is the property's when not sent; the NIA the deal's areas when sent.
    expect(codes({ ...base, rent_sqft: '5.63' })).toEqual([]);
    expect(codes({ ...base, rent_sqft: '40' })).toEqual(['rent_sqft_inconsistent:rent_sqft']);
    expect(codes({ ...base, rent_sqft: '40', areas: { area_size_type: 'sqft', nia_sqrt: 1000 } })).toEqual(
      [],
    );
    expect(codes({ ...base, rent_sqft: '40', areas: { area_size_type: 'sqm', nia_sqrt: 1000 } })).toEqual([
      'rent_sqft_inconsistent:rent_sqft',
    ]);
    // A scheme sale has no rent.
    expect(
      dealWarnings({ deal_type: 'sale', scheme_id: 1, effective_date: '2026-06-01' }, null, TODAY),
    ).toEqual([]);
  });

  it('names an effective date or lease start more than a year ahead; a lease end may be far ahead', () => {
    const base = { deal_type: 'new_letting', property_id: 1, tenant_id: 4 };
    expect(codes({ ...base, effective_date: '2027-06-15', lease_start_date: '2027-06-15' })).toEqual([]);
    expect(codes({ ...base, effective_date: '2027-06-16', lease_end_date: '2037-06-15' })).toEqual([
      'date_far_future:effective_date',
    ]);
    const [w] = dealWarnings(
      { ...base, effective_date: '2026-06-01', lease_start_date: '2028-01-01' } as DealCreate,
      UNIT,
      TODAY,
    );
    expect(w!.message).toBe('The lease start date (01/01/2028) is more than a year in the future.');
  });

  it('keys a warning by its figures, so a changed figure needs a new acknowledgement', () => {
    const at = (rent_sqft: string) =>
      dealWarnings(
        { deal_type: 'rent_review', property_id: 1, effective_date: '2026-01-01', rent_sqft },
        UNIT,
        TODAY,
      ).map(dealWarningKey);
    expect(at('40')).toEqual(at('40.00'));
    expect(at('40')).not.toEqual(at('41'));
  });
});
