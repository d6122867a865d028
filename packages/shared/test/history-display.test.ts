import { describe, expect, it } from 'vitest';
import {
  DEAL_TYPE_LABELS,
  historyDisplay,
  historyRefIds,
  historyRefKind,
  type HistoryDisplayContext,
} from '../src';

const ctx: HistoryDisplayContext = {
  names: {
    company: new Map([
      [3, 'Boots'],
      [4, 'Landsec'],
    ]),
    user: new Map([[7, 'Lena Landlord']]),
    scheme: new Map([[2, 'Meadowhall']]),
  },
  currency: 'GBP',
  area_unit: 'sqft',
};

describe('historyDisplay', () => {
  it('names companies, users and schemes by the kind of the field', () => {
    expect(historyRefKind('tenant_id')).toBe('company');
    expect(historyRefKind('landlord_agent_contacts')).toBe('user');
    expect(historyRefKind('scheme_id')).toBe('scheme');
    expect(historyRefKind('rent_pa')).toBeNull();
    expect(historyRefIds('landlords', [4, 3])).toEqual({ kind: 'company', ids: [4, 3] });
    expect(historyDisplay('tenant_id', 3, ctx)).toBe('Boots');
    expect(historyDisplay('legal_tenant_id', 4, ctx)).toBe('Landsec');
    expect(historyDisplay('landlords', [4, 3], ctx)).toBe('Boots, Landsec'); // a set: by name
    expect(historyDisplay('tenant_contacts', [7], ctx)).toBe('Lena Landlord');
    expect(historyDisplay('scheme_id', 2, ctx)).toBe('Meadowhall');
  });

  it('keeps an id whose record is gone readable, and shows no value as null', () => {
    expect(historyDisplay('landlords', [99, 3], ctx)).toBe('Boots, #99');
    expect(historyDisplay('landlords', [], ctx)).toBeNull();
    expect(historyDisplay('tenant_id', null, ctx)).toBeNull();
    expect(historyDisplay('planning', '', ctx)).toBeNull();
  });

  it('formats dates, money, areas, booleans and enum values', () => {
    expect(historyDisplay('lease_end_date', '2034-01-31', ctx)).toBe('31/01/2034');
    expect(historyDisplay('rent_pa', '45000.50', ctx)).toBe('£45,000.50');
    expect(historyDisplay('rent_pa', '45000.50', { ...ctx, currency: 'EUR' })).toBe('€45,000.50');
    expect(historyDisplay('rent_pa', '45000.50', { ...ctx, currency: null })).toBe('£45,000.50');
    expect(historyDisplay('nia_sqrt', 12500.5, ctx)).toBe('12,500.5 sq ft');
    expect(historyDisplay('itza_area', 60, { ...ctx, area_unit: 'sqm' })).toBe('60 sq m');
    expect(historyDisplay('is_under_construction', false, ctx)).toBe('No');
    expect(historyDisplay('reason', 'new_store', ctx)).toBe('New store');
    expect(historyDisplay('sale_type', 'sale_and_lease_back', ctx)).toBe('Sale & Lease Back');
    expect(historyDisplay('area_size_type', 'sqm', ctx)).toBe('sq m');
    expect(historyDisplay('car_spaces', 12000, ctx)).toBe('12,000');
    expect(historyDisplay('opened_at', 1990, ctx)).toBe('1990');
    expect(historyDisplay('street', 'Briggate', ctx)).toBe('Briggate');
  });

  it('labels deal types as the New Deal menu does', () => {
    expect(DEAL_TYPE_LABELS.rent_review).toBe('Rent Review');
    expect(DEAL_TYPE_LABELS.subletting).toBe('Sub-letting/Assignment');
  });
});
