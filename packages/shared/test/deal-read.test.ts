import { describe, expect, it } from 'vitest';
import {
  DEAL_PARTY_LIST_NAMES,
  DEAL_PARTY_ROLES,
  PROPERTY_PARTY_LIST_NAMES,
  dealListQuerySchema,
} from '../src';

describe('deal read contracts', () => {
  it("keeps the property's seven lists and their prev_ forms, each with its own role", () => {
    expect(DEAL_PARTY_LIST_NAMES).toEqual(expect.arrayContaining(PROPERTY_PARTY_LIST_NAMES));
    expect(DEAL_PARTY_LIST_NAMES.filter((n) => n.startsWith('prev_')).sort()).toEqual([
      'prev_landlord_agent_contacts',
      'prev_landlord_agents',
      'prev_landlord_contacts',
      'prev_landlords',
      'prev_tenant_agent_contacts',
      'prev_tenant_agents',
      'prev_tenant_contacts',
    ]);
    expect(new Set(DEAL_PARTY_ROLES).size).toBe(DEAL_PARTY_ROLES.length);
    expect(DEAL_PARTY_ROLES).toHaveLength(18);
  });

  it("a property's deals: 20 a page by default, at most 100", () => {
    expect(dealListQuerySchema.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(dealListQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
  });
});
