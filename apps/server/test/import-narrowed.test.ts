/**
 * The import's narrowed schemas (ADR 0115): an object schema over only the keys a body holds must
 * answer that body exactly as the whole schema does — the same success, data and issues — for the
 * schemas an import's rows go through, with bodies valid and not, keys a schema requires or
 * defaults left out, refinements that look across keys, and keys no schema knows.
 */
import {
  propertyCreateSchema,
  propertyUpdateSchema,
  schemeCreateSchema,
  schemeUpdateSchema,
} from '@frontage/shared';
import { describe, expect, it } from 'vitest';
import { narrowedTo } from '../src/modules/imports/entities/narrowed';

const PROPERTY_BODIES: Array<Record<string, unknown>> = [
  {},
  {
    building_num: '5',
    rent_pa: '12005',
    lease_end_date: '2031-06-01',
    nia_sqrt: 505,
    area_size_type: 'sqft',
  },
  {
    building_num: 'Unit 4',
    company_id: 6,
    landlords: [36],
    address: { street: '5 High Street', city: 'Leeds', post_code: 'LS1 6AL' },
  },
  // An area past its bound (the cross-key refinement), a date that is no date, an unknown reason.
  { nia_sqrt: 99_999_999, area_size_type: 'sqm', lease_end_date: '31/02/2031', reason: 'no such' },
  { nia_sqrt: -4, rent_pa: 'twelve', address: { latitude: 123, post_code: 'x'.repeat(40) } },
  { currency: 'gbp', itza: 400, address: { country: 'France' } },
  { building_num: '', reason: '', company_id: '', area_size_type: 'acres', unknown_key: 1 },
  { landlords: [1, 'x'], tenant_agents: Array.from({ length: 300 }, (_, i) => i + 1) },
];

const SCHEME_BODIES: Array<Record<string, unknown>> = [
  {},
  { name: 'Trinity Leeds', type: 'Shopping Centre', address: { city: 'Leeds' } },
  { name: 'Trinity Leeds' },
  { type: 'Retail Park', opened: 1899, car_spaces: -1 },
  { name: '', landlords: [3], is_under_construction: 'yes', address: { street: 'A'.repeat(300) } },
  { name: 'White Rose', type: 'no such type', unknown_key: true },
];

const same = (schema: Parameters<typeof narrowedTo>[0], body: Record<string, unknown>) => {
  const whole = schema.safeParse(body);
  const narrow = narrowedTo(schema, body).safeParse(body);
  expect(narrow.success, JSON.stringify(body)).toBe(whole.success);
  expect(narrow.data, JSON.stringify(body)).toEqual(whole.data);
  expect(narrow.error?.issues, JSON.stringify(body)).toEqual(whole.error?.issues);
};

describe('an import row schema narrowed to the keys a body holds', () => {
  it('answers every property body as the create and update schemas do', () => {
    for (const body of PROPERTY_BODIES) {
      same(propertyCreateSchema, body);
      same(propertyUpdateSchema, body);
    }
  });

  it('answers every scheme body as the create and update schemas do (a required key left out)', () => {
    for (const body of SCHEME_BODIES) {
      same(schemeCreateSchema, body);
      same(schemeUpdateSchema, body);
    }
    expect(schemeCreateSchema.safeParse({}).success).toBe(false);
  });

  it('runs fewer keys: the narrowed schema holds the body keys and those that matter when absent', () => {
    const body = { building_num: '5', rent_pa: '1' };
    const keys = Object.keys(narrowedTo(propertyCreateSchema, body).shape);
    expect(keys).toEqual(expect.arrayContaining(['building_num', 'rent_pa', 'address']));
    expect(keys.length).toBeLessThan(Object.keys(propertyCreateSchema.shape).length / 4);
    // Made once per set of keys.
    expect(narrowedTo(propertyCreateSchema, { rent_pa: '2', building_num: '6' })).toBe(
      narrowedTo(propertyCreateSchema, body),
    );
  });
});
