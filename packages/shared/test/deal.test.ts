import { describe, expect, it } from 'vitest';
import { DEAL_MESSAGES, MESSAGES, dealCreateSchema, isLink } from '../src';

const issues = (body: unknown) => {
  const r = dealCreateSchema.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('POST /api/deals payload (spec B §3)', () => {
  it('takes a rent review with its own fields, money as 2-decimal strings, and ignores unknown fields', () => {
    const d = dealCreateSchema.parse({
      deal_type: 'rent_review',
      property_id: 12,
      effective_date: '2026-03-25',
      prev_rent_pa: '40,000',
      rent_pa: 45000.5,
      currency: 'gbp',
      landlords: [3, 4],
      links: ['https://www.example.co.uk/news', 'www.bbc.co.uk'],
      sale_type: 'investment',
      price_paid: '1',
      surprise: true,
    });
    expect(d).toMatchObject({
      deal_type: 'rent_review',
      property_id: 12,
      effective_date: '2026-03-25',
      prev_rent_pa: '40000.00',
      rent_pa: '45000.50',
      currency: 'GBP',
      landlords: [3, 4],
    });
    expect(d).not.toHaveProperty('surprise');
    expect(d).not.toHaveProperty('sale_type');
    expect(d).not.toHaveProperty('price_paid');
  });

  it('lets empty values and empty lists be omitted or sent empty', () => {
    expect(issues({ deal_type: 'lease_renewal', property_id: 1 })).toEqual({});
    expect(
      issues({ deal_type: 'lease_renewal', property_id: 1, tenant_id: '', rent_pa: '', landlords: [] }),
    ).toEqual({});
  });

  it('needs a property, and each id must be a positive whole number', () => {
    expect(issues({ deal_type: 'subletting' })).toHaveProperty('property_id');
    expect(issues({ deal_type: 'subletting', property_id: 1, tenant_agents: [0] })).toHaveProperty(
      'tenant_agents.0',
    );
  });

  it('requires the effective date of a tracked-retailer deal, in its own words', () => {
    expect(issues({ deal_type: 'tracked_retailer', property_id: 1 })).toEqual({
      effective_date: MESSAGES.effectiveDateRequired,
    });
    expect(issues({ deal_type: 'tracked_retailer', property_id: 1, effective_date: '' })).toEqual({
      effective_date: MESSAGES.effectiveDateRequired,
    });
    expect(
      issues({ deal_type: 'tracked_retailer', property_id: 1, effective_date: '2026-02-30' }),
    ).toHaveProperty('effective_date');
    const d = dealCreateSchema.parse({
      deal_type: 'tracked_retailer',
      property_id: 1,
      effective_date: '2026-02-28',
      prev_tenant_id: 5,
      prev_legal_tenant_id: 6,
      prev_tenant_contacts: [7],
    });
    expect(d).toMatchObject({ prev_tenant_id: 5, prev_legal_tenant_id: 6, prev_tenant_contacts: [7] });
  });

  it("names a new letting's legal tenants tenant_legal_id and prev_tenant_legal_id", () => {
    const d = dealCreateSchema.parse({
      deal_type: 'new_letting',
      property_id: 1,
      tenant_legal_id: 8,
      prev_tenant_legal_id: 9,
      legal_tenant_id: 10,
    });
    expect(d).toMatchObject({ tenant_legal_id: 8, prev_tenant_legal_id: 9 });
    expect(d).not.toHaveProperty('legal_tenant_id');
  });

  it('sells a property or a scheme, never both or neither, with sale_price and the previous landlords', () => {
    const d = dealCreateSchema.parse({
      deal_type: 'sale',
      scheme_id: 4,
      sale_type: 'sale_and_lease_back',
      sale_price: '2,500,000',
      prev_landlords: [1],
      scheme: { name: 'Meadowhall', car_spaces: 12000 },
    });
    expect(d).toMatchObject({ scheme_id: 4, sale_price: '2500000.00', prev_landlords: [1] });
    expect(issues({ deal_type: 'sale' })).toEqual({ property_id: DEAL_MESSAGES.propertyRequired });
    expect(issues({ deal_type: 'sale', property_id: 1, scheme_id: 2 })).toEqual({
      scheme_id: DEAL_MESSAGES.propertyOrScheme,
    });
    expect(issues({ deal_type: 'sale', property_id: 1, sale_type: 'gift' })).toEqual({
      sale_type: DEAL_MESSAGES.saleTypeUnknown,
    });
  });

  it("puts 'Invalid URL' against the link that is not one", () => {
    expect(
      issues({
        deal_type: 'rent_review',
        property_id: 1,
        links: ['https://ok.example.com', 'not a link', 'ftp://x.com'],
      }),
    ).toEqual({ 'links.1': MESSAGES.invalidUrl, 'links.2': MESSAGES.invalidUrl });
    for (const good of ['http://shop.co.uk', 'https://www.boots.com/stores?id=1#map', 'www.greggs.co.uk'])
      expect(isLink(good)).toBe(true);
    for (const bad of ['boots.com', 'https://', 'www.', 'javascript:alert(1)', 'https://local host.com'])
      expect(isLink(bad)).toBe(false);
  });

  it('carries the wizard address and areas along, and refuses an unknown deal type', () => {
    const d = dealCreateSchema.parse({
      deal_type: 'rent_review',
      property_id: 1,
      address: { street: ' 1 Briggate ', city: 'Leeds' },
      areas: { area_size_type: 'sqft', nia_sqrt: 900 },
    });
    expect(d.address).toMatchObject({ street: '1 Briggate', city: 'Leeds' });
    expect(d.areas).toMatchObject({ area_size_type: 'sqft', nia_sqrt: 900 });
    expect(issues({ deal_type: 'swap', property_id: 1 })).toEqual({
      deal_type: DEAL_MESSAGES.dealTypeUnknown,
    });
  });
});
