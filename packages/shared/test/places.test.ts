import { describe, expect, it } from 'vitest';
import {
  AREA_FIELDS,
  AREA_SIZE_TYPE_DEFAULT,
  COUNTRIES,
  countryOf,
  CURRENCIES,
  CURRENCY_CHOICES,
  CURRENCY_DEFAULT,
  CURRENCY_OFFERED,
  currencyOf,
  DEFAULT_COUNTRY,
  defaultCurrency,
  isSelectableAddress,
  propertyAreasSchema,
  AREA_MESSAGES,
  areaUnitLabel,
  mapClusterQuerySchema,
  MAP_MESSAGES,
  MONEY_MESSAGES,
  propertyCreateSchema,
  propertyListQuerySchema,
  schemeCreateSchema,
  tickedAreas,
} from '../src';

describe('currencies', () => {
  it('holds the ISO 4217 list with 0, 2 or 3 decimals', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(CURRENCIES.length).toBeLessThanOrEqual(170);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCIES.length);
    for (const c of CURRENCIES) {
      expect([0, 2, 3]).toContain(c.decimal_digits);
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect(c.name && c.symbol && c.symbol_native && c.name_plural).toBeTruthy();
    }
  });

  it('has the values people check by hand', () => {
    expect(currencyOf('JPY')?.decimal_digits).toBe(0);
    expect(currencyOf('BHD')?.decimal_digits).toBe(3);
    expect(currencyOf('CHF')?.rounding).toBe(0.05);
    expect(CURRENCIES.filter((c) => c.rounding !== 0).map((c) => c.code)).toEqual(['CHF']);
    expect(currencyOf('gbp')).toMatchObject({
      symbol: '£',
      name: 'British Pound Sterling',
      decimal_digits: 2,
    });
    expect(currencyOf('EUR')?.symbol).toBe('€');
    expect(currencyOf('USD')?.symbol).toBe('$');
  });

  it('offers EUR, GBP and USD with GBP the default, consistent with the enums', () => {
    expect([...CURRENCY_OFFERED]).toEqual(['EUR', 'GBP', 'USD']);
    expect(CURRENCY_OFFERED).toBe(CURRENCY_CHOICES);
    expect(CURRENCY_DEFAULT).toBe('GBP');
  });

  it("falls back from the property's currency to the user's to GBP", () => {
    expect(defaultCurrency('EUR', 'USD')).toBe('EUR');
    expect(defaultCurrency(null, 'USD')).toBe('USD');
    expect(defaultCurrency(undefined, undefined)).toBe('GBP');
    expect(defaultCurrency('XXX', null)).toBe('GBP');
  });
});

describe('countries', () => {
  it('holds about 250 countries with unique two-letter codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(COUNTRIES.length).toBeLessThanOrEqual(260);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
  });

  it('defaults to the United Kingdom, code GB', () => {
    expect(DEFAULT_COUNTRY).toBe('United Kingdom');
    expect(countryOf('United Kingdom')?.code).toBe('GB');
    expect(countryOf('gb')?.name).toBe('United Kingdom');
    expect(countryOf('Narnia')).toBeUndefined();
  });
});

describe('areas', () => {
  it('lists the ten areas in order with their labels', () => {
    expect(AREA_FIELDS.map((a) => a.label)).toEqual([
      'NIA',
      'ITZA',
      'Mezz/FF',
      'GC',
      'Ground',
      'First',
      'Second',
      'Third',
      'Basement',
      'Frontage',
    ]);
    expect(AREA_SIZE_TYPE_DEFAULT).toBe('sqft');
    expect(tickedAreas({ nia_sqrt: 10, itza_area: null, frontage_area: 0 })).toEqual([
      'nia_sqrt',
      'frontage_area',
    ]);
  });

  it('validates the areas payload', () => {
    expect(propertyAreasSchema.parse({ area_size_type: 'sqm', nia_sqrt: '120.5' })).toMatchObject({
      area_size_type: 'sqm',
      nia_sqrt: 120.5,
    });
    expect(propertyAreasSchema.safeParse({ area_size_type: 'acres' }).success).toBe(false);
    expect(propertyAreasSchema.safeParse({ area_size_type: 'sqft', itza_area: -1 }).success).toBe(false);
    expect(propertyAreasSchema.safeParse({ area_size_type: 'sqft', itza_area: 'big' }).success).toBe(false);
  });

  it('bounds each area in its unit, the frontage as a length', () => {
    const issues = (b: Record<string, unknown>) => {
      const r = propertyAreasSchema.safeParse(b);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ area_size_type: 'sqft', nia_sqrt: 10_000_000, frontage_area: 10_000 })).toEqual({});
    expect(issues({ area_size_type: 'sqft', nia_sqrt: 10_000_000.01, frontage_area: 10_001 })).toEqual({
      nia_sqrt: 'The area may not be more than 10,000,000 sq ft.',
      frontage_area: 'The frontage may not be more than 10,000 ft.',
    });
    expect(issues({ area_size_type: 'sqm', nia_sqrt: 929_030, frontage_area: 3_048 })).toEqual({});
    expect(issues({ area_size_type: 'sqm', nia_sqrt: 929_031, frontage_area: 3_049 })).toEqual({
      nia_sqrt: 'The area may not be more than 929,030 sq m.',
      frontage_area: 'The frontage may not be more than 3,048 m.',
    });
    expect(issues({ area_size_type: 'sqft', itza_area: '-5' })).toEqual({
      itza_area: AREA_MESSAGES.negative,
    });
    expect(areaUnitLabel('frontage_area', 'sqft')).toBe('ft');
    expect(areaUnitLabel('frontage_area', 'sqm')).toBe('m');
    expect(areaUnitLabel('nia_sqrt', 'sqm')).toBe('sq m');
  });

  it("answers the map filters with the forms' messages, never a false range", () => {
    const issues = (q: Record<string, unknown>) => {
      const r = mapClusterQuerySchema.safeParse({ bbox: '-3,50,-2,51', zoom: '8', ...q });
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ rent_sqft_min: '50', rent_sqft_max: '99999999999999' })).toEqual({
      rent_sqft_max: MONEY_MESSAGES.tooLarge,
    });
    expect(issues({ rent_sqft_min: '99999999999999', rent_sqft_max: '5' })).toEqual({
      rent_sqft_min: MONEY_MESSAGES.tooLarge,
    });
    expect(issues({ rent_sqft_min: '1e6' })).toEqual({ rent_sqft_min: 'Not a valid amount' });
    expect(issues({ area_min: '-1', area_max: '20000000' })).toEqual({
      area_min: AREA_MESSAGES.negative,
      area_max: AREA_MESSAGES.tooLarge,
    });
    expect(issues({ area_min: '900', area_max: '100' })).toEqual({ area_max: MAP_MESSAGES.range });
    expect(issues({ rent_sqft_min: '10', rent_sqft_max: '20.5', area_min: '1,000' })).toEqual({});
  });
});

describe('property and scheme payloads', () => {
  it('defaults the address country and normalises money and dates', () => {
    const p = propertyCreateSchema.parse({
      rent_pa: '1,250',
      lease_end_date: '2030-01-31',
      landlords: ['3'],
    });
    expect(p.address.country).toBe('United Kingdom');
    expect(p.rent_pa).toBe('1250.00');
    expect(p.landlords).toEqual([3]);
    expect(propertyCreateSchema.safeParse({ lease_end_date: '31/01/2030' }).success).toBe(false);
    expect(propertyCreateSchema.safeParse({ currency: 'ZZZ' }).success).toBe(false);
    expect(propertyCreateSchema.safeParse({ address: { country: 'Atlantis' } }).success).toBe(false);
  });

  it('requires a scheme name and type', () => {
    const r = schemeCreateSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['name', 'type']);
    expect(schemeCreateSchema.safeParse({ name: 'X', type: 'Leisure', opened: '199' }).success).toBe(false);
  });

  it('refuses a lease-end range that ends before it starts', () => {
    expect(
      propertyListQuerySchema.safeParse({ lease_end_from: '2030-01-01', lease_end_to: '2029-01-01' }).success,
    ).toBe(false);
    expect(propertyListQuerySchema.parse({ vacant: '1' }).vacant).toBe(true);
  });

  it('allows selecting an address only with line1, city, state and zip', () => {
    const full = {
      line1: '1 High St',
      city: 'Leeds',
      state: 'West Yorkshire',
      zip: 'LS1 1AA',
      country: 'United Kingdom',
      lat: 1,
      lng: 1,
      label: '',
    };
    expect(isSelectableAddress(full)).toBe(true);
    expect(isSelectableAddress({ ...full, zip: null })).toBe(false);
    expect(isSelectableAddress(null)).toBe(false);
  });
});
